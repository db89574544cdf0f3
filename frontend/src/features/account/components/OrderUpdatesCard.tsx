import { useId } from 'react';
import { PrivacyNotice } from '@/components/consent/PrivacyNotice';
import { useT } from '@/lib/i18n';
import type { User } from '@/types/api';
import { useUpdatePhoneUpdates } from '@/features/account/api/update-phone-updates';
import { AccountCard } from '@/features/account/components/AccountCard';

/**
 * The switch for order news on the account's phone: withdrawing is one tap, as giving was (DPDP
 * Act, 2023, s. 6(4)). It shows the server's answer, so it never claims a choice that was not kept.
 */
export function OrderUpdatesCard({ user }: { user: User }) {
  const t = useT();
  const titleId = useId();
  const update = useUpdatePhoneUpdates();
  const on = user.order_updates_on_phone === true;
  const noPhone = !user.phone;
  // The choice is the number's owner's: the server takes it only for a verified number.
  const unproved = !noPhone && !user.phone_verified_at;
  return (
    <AccountCard titleId={titleId} title={t('consent.switch')}>
      <div className="flex items-center justify-between gap-4">
        <p id={`${titleId}-state`} className="text-stone-800" aria-live="polite">
          {noPhone ? t('consent.noPhone') : unproved ? t('consent.verifyFirst') : on ? t('consent.switchOn') : t('consent.switchOff')}
        </p>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-state order-updates-notice`}
          disabled={noPhone || unproved || update.isPending}
          onClick={() => update.mutate(!on)}
          className="inline-flex h-11 w-16 shrink-0 items-center justify-center disabled:opacity-50"
        >
          <span aria-hidden className={`relative inline-flex h-8 w-14 items-center rounded-full transition-colors ${on ? 'bg-green-800' : 'bg-stone-300'}`}>
            <span className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-7' : 'translate-x-1'}`} />
          </span>
        </button>
      </div>
      {update.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t('consent.saveError')}
        </p>
      ) : null}
      <div className="mt-3">
        <PrivacyNotice id="order-updates-notice" />
      </div>
    </AccountCard>
  );
}
