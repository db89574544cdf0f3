import '@/features/auth/messages';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/form/NewPasswordFields';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { paths } from '@/lib/paths';

const FIELDS = ['email', 'password', 'password_confirmation'];

interface ResetPasswordScreenProps {
  brand: ReactNode;
  /** From the mail's link. */
  token: string;
  email: string;
  /** A new member of staff's first visit, from their invitation: they choose a password, not a new one. */
  invited?: boolean;
}

export function ResetPasswordScreen({ brand, token, email, invited = false }: ResetPasswordScreenProps) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, reset.error);
  const errors = fieldErrors(reset.error);
  const alert = token === '' ? t('auth.linkInvalid') : formError(reset.error, FIELDS, t('auth.unreachable'));
  // The token is the one thing the shopper cannot mend here: they need a new link.
  const needsNewLink = token === '' || errors.token !== undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    const input = { token, email: value('email'), password: value('password'), password_confirmation: value('password_confirmation') };
    reset.mutate(input, {
      onSuccess: ({ message }) => {
        toast.success(invited ? t('auth.choose.done') : t('auth.reset.done'), message);
        void navigate(paths.signIn.getHref({ email: input.email }), { replace: true });
      },
    });
  };

  return (
    <AuthLayout brand={brand} title={invited ? t('auth.choose.title') : t('auth.reset.title')} footer={<AuthLink to={paths.signIn.getHref()}>{t('auth.toSignIn')}</AuthLink>}>
      <form ref={form} noValidate onSubmit={submit} className="space-y-5">
        {alert ? (
          <FormAlert>
            {alert}
            {needsNewLink ? (
              <>
                {' '}
                <AuthLink to={paths.forgotPassword.getHref()}>{t('auth.reset.newLink')}</AuthLink>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField id="reset-email" name="email" type="email" autoComplete="email" required label={t('auth.field.email')} defaultValue={email} error={errors.email} />
        <NewPasswordFields idPrefix="reset" label={invited ? t('auth.field.password') : t('auth.field.newPassword')} errors={errors} />
        <button type="submit" className="btn-primary w-full" disabled={reset.isPending || token === ''}>
          {reset.isPending ? t('auth.saving') : invited ? t('auth.choose.submit') : t('auth.reset.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
