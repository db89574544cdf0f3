import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import { AuthLayout } from '@/features/auth/components/AuthLayout';

/** The recovery codes, shown this once: the screen moves on only when they are saved. */
export function RecoveryCodes({ brand, codes, onSaved }: { brand: ReactNode; codes: string[]; onSaved: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);

  // Closing or reloading the tab now would lose the codes for good: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const copy = () => void navigator.clipboard.writeText(codes.join('\n')).then(() => setCopied(true), () => undefined);

  return (
    <AuthLayout brand={brand} title={t('twoFactor.codes.title')}>
      <div className="space-y-5">
        <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <Icon name="exclamation-triangle" className="size-6 shrink-0" />
          <p className="font-semibold">{t('twoFactor.codes.warning')}</p>
        </div>
        <p className="text-stone-700">{t('twoFactor.codes.explain')}</p>
        <ul aria-label={t('twoFactor.codes.list')} className="grid grid-cols-1 gap-2 rounded-lg bg-stone-100 p-4 font-mono text-base text-stone-900">
          {codes.map((code) => (
            <li key={code} className="select-all">
              {code}
            </li>
          ))}
        </ul>
        {typeof navigator !== 'undefined' && navigator.clipboard ? (
          <button type="button" className="btn-secondary w-full" onClick={copy}>
            <span aria-live="polite">{copied ? t('twoFactor.codes.copied') : t('twoFactor.codes.copy')}</span>
          </button>
        ) : null}
        <button type="button" className="btn-primary w-full" onClick={onSaved}>
          {t('twoFactor.codes.done')}
        </button>
      </div>
    </AuthLayout>
  );
}
