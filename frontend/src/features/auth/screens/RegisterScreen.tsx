import '@/features/auth/messages';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { NewPasswordFields } from '@/components/form/NewPasswordFields';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { PhoneInput } from '@/components/PhoneInput/PhoneInput';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useUser } from '@/lib/queries/user';
import { useRegister } from '@/features/auth/api/register';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { useDestination } from '@/features/auth/destination';
import { paths } from '@/lib/paths';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'];

export function RegisterScreen({ brand }: { brand: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const destination = useDestination();
  const { data: user } = useUser();
  const register = useRegister();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, register.error);

  if (user) return <Navigate to={destination.to} replace />;

  const errors = fieldErrors(register.error);
  const alert = formError(register.error, FIELDS, t('auth.unreachable'));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    register.mutate(
      { name: value('name'), email: value('email'), phone: value('phone'), password: value('password'), password_confirmation: value('password_confirmation') },
      { onSuccess: ({ user: created }) => toast.success(t('auth.register.done'), t('auth.register.doneText', { email: created.email ?? '' })) },
    );
  };

  return (
    <AuthLayout
      brand={brand}
      title={t('auth.register.title')}
      intro={t('auth.register.intro')}
      footer={
        <p>
          {t('auth.register.haveAccount')} <AuthLink to={{ pathname: paths.signIn.path, search: destination.search }}>{t('auth.register.toSignIn')}</AuthLink>
        </p>
      }
    >
      <form ref={form} noValidate onSubmit={submit} className="space-y-5">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField id="register-name" name="name" autoComplete="name" required label={t('auth.field.name')} error={errors.name} />
        <TextField id="register-email" name="email" type="email" autoComplete="email" required label={t('auth.field.email')} error={errors.email} />
        <PhoneInput id="register-phone" name="phone" required label={t('auth.field.phone')} error={errors.phone} />
        <NewPasswordFields idPrefix="register" label={t('auth.field.password')} errors={errors} />
        <button type="submit" className="btn-primary w-full" disabled={register.isPending}>
          {register.isPending ? t('auth.register.pending') : t('auth.register.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
