import '@/components/icons-more';
import { useState } from 'react';
import { Icon } from '@/components/Icon';
import { PhoneCodeForm } from '@/components/form/PhoneCodeForm';
import { formatInternational } from '@/components/PhoneInput/phone';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { useSendPhoneCode, useVerifyPhone } from '@/lib/queries/phone-verification';

/** Shown while the account's number is unverified: "Verify this number" sends a code, typed back here. */
export function PhoneVerification({ phone }: { phone: string }) {
  const t = useT();
  const toast = useToast();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [sent, setSent] = useState(false);
  const shown = formatInternational(phone);

  const ask = () =>
    send.mutate(undefined, {
      onSuccess: () => (sent ? toast.success(t('auth.code.resent')) : setSent(true)),
      // A 429 says how long to wait; that message is the one to show.
      onError: (error) => toast.error(t('account.phone.failed'), isApiError(error) ? error.message : t('auth.unreachable')),
    });

  return (
    <section aria-labelledby="phone-verify-title" className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-start sm:p-5">
      <Icon name="phone" className="size-8 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <h2 id="phone-verify-title" className="font-semibold text-stone-900">
          {t('account.phone.title')}
        </h2>
        {sent ? (
          <div className="mt-3 max-w-md">
            <PhoneCodeForm
              id="phone-verify-code"
              intro={t('auth.code.sentTo', { phone: shown })}
              submitLabel={t('auth.code.verify')}
              pending={verify.isPending}
              error={verify.error}
              onSubmit={(code) => verify.mutate(code, { onSuccess: () => toast.success(t('auth.code.verified')) })}
              onResend={ask}
              resending={send.isPending}
            />
          </div>
        ) : (
          <p className="mt-1 text-stone-800">{t('account.phone.text', { phone: shown })}</p>
        )}
      </div>
      {sent ? null : (
        <button type="button" className="btn-secondary shrink-0" onClick={ask} disabled={send.isPending}>
          {send.isPending ? t('auth.sending') : t('account.phone.verify')}
        </button>
      )}
    </section>
  );
}
