// The country picker of the phone input: a button that opens a searchable list, following the
// WAI-ARIA combobox-with-listbox pattern. Arrows move through the list, Enter chooses, Escape
// closes, typing filters (also typing on the closed button, which opens the list).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import { CountryFlag } from '@/components/PhoneInput/CountryFlag';
import { filterCountries, type CountryOption } from '@/components/PhoneInput/countries';

interface CountrySelectProps {
  countries: readonly CountryOption[];
  value: CountryOption;
  onSelect: (country: CountryOption) => void;
}

const isTypedCharacter = (event: KeyboardEvent) => event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;

export function CountrySelect({ countries, value, onSelect }: CountrySelectProps) {
  const t = useT();
  const baseId = useId();
  const listId = `${baseId}-countries`;
  const optionId = (option: CountryOption) => `${baseId}-${option.code}`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<CountryOption | undefined>(undefined);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => filterCountries(countries, query), [countries, query]);
  const current = active && matches.includes(active) ? active : matches[0];

  const show = (initialQuery = '') => {
    setQuery(initialQuery);
    setActive(initialQuery === '' ? value : undefined);
    setOpen(true);
  };
  const hide = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const choose = (option: CountryOption) => {
    setOpen(false);
    onSelect(option);
  };

  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  const activeId = open && current ? optionId(current) : undefined;
  // The active option stays in sight while the arrows move through the list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  // A press anywhere else closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    } else if (isTypedCharacter(event)) {
      event.preventDefault();
      show(event.key);
    }
  };

  const move = (step: number) => {
    if (matches.length === 0) return;
    const index = current ? matches.indexOf(current) : -1;
    setActive(matches[Math.min(matches.length - 1, Math.max(0, index + step))]);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'PageDown':
        event.preventDefault();
        move(8);
        break;
      case 'PageUp':
        event.preventDefault();
        move(-8);
        break;
      case 'Enter':
        // Never submits the form the phone input sits in.
        event.preventDefault();
        if (current) choose(current);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        hide(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div ref={container} className="relative flex">
      <button
        ref={button}
        type="button"
        className="flex min-h-11 items-center gap-1 rounded-l-lg border-r border-stone-300 bg-stone-50 focus-visible:bg-green-50 pr-2 pl-3 text-stone-900 hover:bg-stone-100 focus-visible:outline-none"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => (open ? hide(false) : show())}
        onKeyDown={onButtonKeyDown}
      >
        <CountryFlag src={value.flag} eager />
        {/* Named by what it shows, then what it is (the visible code starts its name). */}
        <span className="text-sm tabular-nums">{value.dial_code}</span>{' '}
        <span className="sr-only">{t('phone.country', { country: value.name, code: value.dial_code })}</span>
        <Icon name="chevron-down" className={`size-4 text-stone-600 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div className="absolute top-full left-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border border-stone-300 bg-white text-stone-900 shadow-xl">
          <div className="relative border-b border-stone-200 p-2">
            <Icon name="magnifying-glass" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone-500" />
            <input
              ref={search}
              type="text"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              aria-label={t('phone.search')}
              placeholder={t('phone.search')}
              autoComplete="off"
              spellCheck={false}
              className="min-h-11 w-full rounded-md border border-stone-300 py-2 pr-3 pl-9 text-base focus-visible:border-green-700 focus-visible:outline-none"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(undefined);
              }}
              onKeyDown={onSearchKeyDown}
            />
          </div>
          {matches.length === 0 ? (
            <p className="px-3 py-3 text-sm text-stone-700" role="status">
              {t('phone.noMatch', { query })}
            </p>
          ) : null}
          <ul
            id={listId}
            role="listbox"
            aria-label={t('phone.countries')}
            className="max-h-48 overflow-y-auto py-1"
            // Keeps focus in the search box while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
          >
            {matches.map((option) => (
              <li
                key={option.code}
                id={optionId(option)}
                role="option"
                aria-selected={option.code === value.code}
                className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-stone-900 ${option === current ? 'bg-green-100' : ''}`}
                onMouseMove={() => option !== current && setActive(option)}
                onClick={() => choose(option)}
              >
                <CountryFlag src={option.flag} />
                <span className={`min-w-0 flex-1 truncate ${option.code === value.code ? 'font-semibold' : ''}`}>{option.name}</span>
                <span className="text-sm text-stone-600 tabular-nums">{option.dial_code}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
