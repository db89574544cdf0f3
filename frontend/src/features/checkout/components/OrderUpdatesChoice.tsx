import { PrivacyNotice } from '@/components/consent/PrivacyNotice';
import { useT } from '@/lib/i18n';

/**
 * "Send me order updates on WhatsApp/SMS": unticked until the shopper ticks it (a consent must be
 * given, never presumed), with the notice it answers beside it.
 */
export function OrderUpdatesChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <div className="flex items-start gap-3">
      <input
        id="order-updates"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="order-updates-notice"
        className="mt-3 size-5 shrink-0 accent-green-800"
      />
      <div>
        <label htmlFor="order-updates" className="inline-flex min-h-11 items-center font-medium text-stone-900">
          {t('consent.checkbox')}
        </label>
        <PrivacyNotice id="order-updates-notice" />
      </div>
    </div>
  );
}
