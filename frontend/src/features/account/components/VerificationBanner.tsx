import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { useResendVerification } from '@/features/account/api/resend-verification';

/** Shown while the account's address is unverified, with a button for a new link. */
export function VerificationBanner({ email }: { email: string }) {
  const t = useT();
  const toast = useToast();
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(t('account.verify.sent'), message),
      // A 429 says how long to wait; that message is the one to show.
      onError: (error) => toast.error(t('account.verify.failed'), isApiError(error) ? error.message : t('auth.unreachable')),
    });
  return (
    <section aria-labelledby="verify-title" className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:p-5">
      <Icon name="envelope" className="size-8 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <h2 id="verify-title" className="font-semibold text-stone-900">
          {t('account.verify.title')}
        </h2>
        <p className="mt-1 text-stone-800">{t('account.verify.text', { email })}</p>
      </div>
      <button type="button" className="btn-secondary shrink-0" onClick={send} disabled={resend.isPending}>
        {resend.isPending ? t('auth.sending') : t('account.verify.resend')}
      </button>
    </section>
  );
}
