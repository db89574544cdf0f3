// One field of the catalogue in English, Malayalam and Tamil, side by side on a wide screen and
// one under the other on a phone (the translations indented under the English). The English input
// keeps the field's own name ("Name"); the others are "Name in Malayalam" and "Name in Tamil".
import { use, type ReactNode } from 'react';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { WORD_LOCALES, type WordLocale } from '@/features/admin-catalog/words';
// Staff read and type Malayalam and Tamil here whatever their device has: the shop's own faces,
// fetched only once such a letter is on the screen (unicode-range).
import '@/styles/fonts-ml.css';
import '@/styles/fonts-ta.css';

export type WordsLanguage = 'en' | WordLocale;

let fontsLoading: Promise<unknown> | undefined;

/**
 * Both faces, loaded before the first field is drawn (waiting at most 3 s): Chromium keeps an
 * input's text drawn as empty boxes when it was drawn before its face arrived.
 */
function fontsLoaded(): Promise<unknown> {
  fontsLoading ??=
    typeof document === 'undefined' || !('fonts' in document)
      ? Promise.resolve()
      : Promise.race([
          Promise.all([document.fonts.load('1em "Noto Sans Malayalam"', 'മ'), document.fonts.load('1em "Noto Sans Tamil"', 'த')]),
          new Promise((resolve) => setTimeout(resolve, 3000)),
        ]).catch(() => undefined);
  return fontsLoading;
}

interface WordsFieldProps {
  /** The English control's id; each translation's is `${id}-ml`, `${id}-ta`. */
  id: string;
  label: string;
  values: Record<WordsLanguage, string>;
  errors: Partial<Record<WordsLanguage, string>>;
  onChange: (language: WordsLanguage, value: string) => void;
  /** A text area of this many rows; a one-line input without. */
  rows?: number;
  /** The English value must be given. */
  required?: boolean;
  /** The English value may be left empty. */
  optional?: boolean;
  /** About the English value (the translations share its meaning). */
  hint?: string;
  className?: string;
}

const tag = (text: string, lang?: string): ReactNode => (
  <span aria-hidden="true" lang={lang} className={`text-sm text-stone-600 ${lang ? 'font-language-names' : ''}`}>
    {text}
  </span>
);

export function WordsField({ id, label, values, errors, onChange, rows, required, optional, hint, className = '' }: WordsFieldProps) {
  use(fontsLoaded());
  const control = (language: WordsLanguage, controlId: string, name: ReactNode, aside: ReactNode, extra: { hint?: string; optional?: boolean; required?: boolean }) => {
    const common = {
      id: controlId,
      label: name,
      aside,
      value: values[language],
      error: errors[language],
      lang: language,
      ...extra,
    };
    return rows ? (
      <TextAreaField key={language} {...common} rows={rows} onChange={(event) => onChange(language, event.target.value)} />
    ) : (
      <TextField key={language} {...common} onChange={(event) => onChange(language, event.target.value)} />
    );
  };
  return (
    <div className={`grid gap-3 xl:grid-cols-3 ${className}`}>
      {control('en', id, label, tag('English'), { hint, optional, required })}
      <div className="grid gap-3 border-l-2 border-green-800/25 pl-3 xl:col-span-2 xl:grid-cols-2 xl:border-0 xl:pl-0">
        {WORD_LOCALES.map(({ code, name, own }) =>
          control(
            code,
            `${id}-${code}`,
            <>
              <span className="sr-only">{label} in </span>
              {name}
            </>,
            tag(own, code),
            {},
          ),
        )}
      </div>
    </div>
  );
}
