import '@/features/auth/messages';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { paths } from '@/lib/paths';

export function ForgotPasswordScreen({ brand }: { brand: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const request = useForgotPassword();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, request.error);
  const errors = fieldErrors(request.error);
  const alert = formError(request.error, ['email'], t('auth.unreachable'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    request.mutate(email, { onSuccess: ({ message }) => toast.success(t('auth.forgot.done'), message) });
  };

  return (
    <AuthLayout
      brand={brand}
      title={t('auth.forgot.title')}
      intro={request.isSuccess ? undefined : t('auth.forgot.intro')}
      footer={<AuthLink to={paths.signIn.getHref()}>{t('auth.toSignIn')}</AuthLink>}
    >
      {request.isSuccess ? (
        <div role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-950">
          <Icon name="envelope" className="size-6 shrink-0 text-green-800" />
          <div>
            <p className="font-semibold">{t('auth.forgot.done')}</p>
            <p className="mt-1">{request.data.message}</p>
            <p className="mt-2 text-sm">{t('auth.forgot.spam')}</p>
          </div>
        </div>
      ) : (
        <form ref={form} noValidate onSubmit={submit} className="space-y-5">
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <TextField id="forgot-email" name="email" type="email" autoComplete="email" required label={t('auth.field.email')} error={errors.email} />
          <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
            {request.isPending ? t('auth.sending') : t('auth.forgot.submit')}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
