// The phone input itself (spec sections 3 and 5): a country picker and a number field. Only digits
// are kept; the number is read for the chosen country, shown red with "Invalid phone number" when
// it is not valid there and, once valid, formatted as typed and shown green. Every change reports
// {isValid, phoneNumber}. Loaded lazily through PhoneInput, with libphonenumber-js.
import { useLayoutEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { CountryCode } from 'libphonenumber-js/min';
import '@/components/PhoneInput/messages';
import { intlLocale, useLocale, useT } from '@/lib/i18n';
import { FieldFrame } from '@/components/form/FieldFrame';
import { CountrySelect } from '@/components/PhoneInput/CountrySelect';
import { countryOptions, DEFAULT_COUNTRY, type CountryOption } from '@/components/PhoneInput/countries';
import { examplePlaceholder, onlyDigits, parsePhone, splitInternational } from '@/components/PhoneInput/phone';
import type { PhoneInputProps } from '@/components/PhoneInput/types';

/** Where the caret goes in `text` to stand after its first `count` digits. */
function caretAfterDigits(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text[index] ?? '') && ++seen === count) return index + 1;
  }
  return text.length;
}

export default function PhoneInputField({ id, label, hint, defaultValue, defaultCountry = DEFAULT_COUNTRY, onChange, error, required, name }: PhoneInputProps) {
  const t = useT();
  useLocale(); // the names follow the interface's language
  const countries = countryOptions(intlLocale());
  const [start] = useState(() => (defaultValue ? splitInternational(defaultValue) : undefined) ?? { country: defaultCountry, digits: '' });
  const [country, setCountry] = useState<CountryCode>(start.country);
  const [digits, setDigits] = useState(start.digits);
  const input = useRef<HTMLInputElement>(null);
  /** Digits before the caret after an edit, to put the caret back among the reformatted text. */
  const caretDigits = useRef<number | null>(null);

  const parsed = useMemo(() => parsePhone(digits, country), [digits, country]);
  const option: CountryOption = countries.find((candidate) => candidate.code === country) ?? (countries[0] as CountryOption);
  // The shopper's own number speaks first; the server's message stands until a valid one is typed.
  const message = parsed.isValid ? undefined : parsed.display !== '' ? t('phone.invalid') : error;

  useLayoutEffect(() => {
    const field = input.current;
    if (caretDigits.current === null || !field || document.activeElement !== field) return;
    // At the end it stays at the end, whatever the formatting put in front (a trunk prefix, say).
    const position = caretDigits.current >= digits.length ? parsed.display.length : caretAfterDigits(parsed.display, caretDigits.current);
    field.setSelectionRange(position, position);
    caretDigits.current = null;
  }, [parsed.display, digits.length]);

  const update = (nextDigits: string, nextCountry: CountryCode) => {
    setDigits(nextDigits);
    setCountry(nextCountry);
    const { isValid, phoneNumber } = parsePhone(nextDigits, nextCountry);
    onChange?.({ isValid, phoneNumber });
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    // A whole international number (pasted, or filled in by the browser) picks its own country.
    const international = text.trimStart().startsWith('+') ? splitInternational(text) : undefined;
    if (international) {
      update(onlyDigits(international.digits), international.country);
      return;
    }
    caretDigits.current = onlyDigits(text.slice(0, event.target.selectionStart ?? text.length)).length;
    update(onlyDigits(text), country);
  };

  const tone = message ? 'border-red-700 text-red-800' : parsed.isValid ? 'border-green-700 text-green-800' : 'border-stone-500 text-stone-900';

  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      {(aria) => (
        <div className={`mt-1 flex rounded-lg border bg-white focus-within:ring-2 focus-within:ring-green-700/40 ${tone}`}>
          <CountrySelect
            countries={countries}
            value={option}
            onSelect={(next) => {
              update(digits, next.code);
              input.current?.focus();
            }}
          />
          <input
            ref={input}
            id={id}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required={required}
            {...aria}
            placeholder={examplePlaceholder(country)}
            className="min-h-11 w-full min-w-0 flex-1 rounded-r-lg bg-transparent px-3 py-2 text-base tabular-nums placeholder:text-stone-500 focus:outline-none"
            value={parsed.display}
            onChange={onInput}
          />
          {name ? <input type="hidden" name={name} value={parsed.phoneNumber} /> : null}
        </div>
      )}
    </FieldFrame>
  );
}
