import '@/features/auth/messages';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { paths } from '@/lib/paths';

interface VerifyEmailScreenProps {
  brand: ReactNode;
  /** From the mail's link. */
  token: string;
}

/** Opening the mail's link verifies the address at once; the screen tells how it went. */
export function VerifyEmailScreen({ brand, token }: VerifyEmailScreenProps) {
  const t = useT();
  const toast = useToast();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // A token works once: it is sent once, even when an effect runs twice.
  const sent = useRef(false);

  useEffect(() => {
    if (token === '' || sent.current) return;
    sent.current = true;
    mutate(token, { onSuccess: ({ message }) => toast.success(t('auth.verify.done'), message) });
  }, [token, mutate, toast, t]);

  const failure = token === '' ? t('auth.linkInvalid') : verify.isError ? (isApiError(verify.error) ? verify.error.message : t('auth.unreachable')) : undefined;

  return (
    <AuthLayout brand={brand} title={t('auth.verify.title')}>
      {failure ? (
        <div className="space-y-4">
          <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            <Icon name="exclamation-triangle" className="size-6 shrink-0" />
            <p>{failure}</p>
          </div>
          <p className="text-stone-800">{t('auth.verify.askAgain')}</p>
          <Link to={paths.account.getHref()} className="btn-primary w-full">
            {t('auth.verify.toAccount')}
          </Link>
        </div>
      ) : verify.isSuccess ? (
        <div className="space-y-4">
          <div role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-950">
            <Icon name="check-circle" className="size-6 shrink-0 text-green-800" />
            <p className="font-semibold">{verify.data.message}</p>
          </div>
          <Link to={paths.account.getHref()} className="btn-primary w-full">
            {t('auth.verify.toAccount')}
          </Link>
          <Link to={paths.home.getHref()} className="btn-secondary w-full">
            {t('auth.verify.toShop')}
          </Link>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-3 text-stone-800">
          <Icon name="arrow-path" className="size-6 animate-spin text-green-800 motion-reduce:animate-none" />
          {t('auth.verify.pending')}
        </p>
      )}
    </AuthLayout>
  );
}
