// The language switch: the same page in English, Malayalam or Tamil. Each is a plain link (the
// other language's catalogue and fonts come with the new page) that also remembers the choice.
// Each name is in its own letters, drawn by a tiny face of just those (src/index.css).
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api } from '@/lib/api-client';
import { useLocale, useT } from '@/lib/i18n';
import { LANGUAGE_NAMES, LOCALES, pathIn, rememberLocale, type Locale } from '@/lib/locales';
import { userQuery } from '@/lib/queries/user';

interface LanguageSwitchProps {
  /** Distinguishes the switches of one page for assistive technology (header, menu, footer). */
  id: string;
  /** The header's switch is a landmark of its own; the menu's and footer's are groups in theirs. */
  landmark?: boolean;
  className?: string;
  linkClassName?: string;
}

export function LanguageSwitch({ id, landmark = false, className = '', linkClassName = '' }: LanguageSwitchProps) {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const { data: user } = useQuery(userQuery);
  const choose = (locale: Locale) => {
    rememberLocale(locale);
    // A signed-in shopper's mail follows their choice; the call outlives the page it leaves.
    if (user && user.locale !== locale) {
      api('/api/user/language', { method: 'PUT', body: { locale }, keepalive: true }).catch((error: unknown) => console.warn('The language was not kept', error));
    }
  };
  const Frame = landmark ? 'nav' : 'div';
  return (
    <Frame role={landmark ? undefined : 'group'} aria-labelledby={`${id}-label`} className={className}>
      <h2 id={`${id}-label`} className="sr-only">
        {t('language.label')}
      </h2>
      <ul className="flex flex-wrap items-center gap-x-1">
        {LOCALES.map((locale: Locale) => (
          <li key={locale}>
            <a
              href={pathIn(locale, pathname, search)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => choose(locale)}
              className={`font-language-names inline-flex min-h-11 items-center rounded px-2 underline-offset-4 hover:underline aria-[current]:font-bold aria-[current]:underline ${linkClassName}`}
            >
              {LANGUAGE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </Frame>
  );
}
