import { useRef, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useUser } from '@/lib/queries/user';
import { useLogin } from '@/features/auth/api/login';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { useDestination } from '@/features/auth/destination';

const FIELDS = ['email', 'password'];

export function SignInScreen({ brand }: { brand: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const [params] = useSearchParams();
  const destination = useDestination();
  const { data: user } = useUser();
  const signIn = useLogin();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, signIn.error);

  // Signed in (just now, or already): on to where the shopper was going.
  if (user) return <Navigate to={destination.to} replace />;

  const errors = fieldErrors(signIn.error);
  const alert = formError(signIn.error, FIELDS, t('auth.unreachable'));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    signIn.mutate(
      { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? ''), remember: data.get('remember') === 'on' },
      { onSuccess: ({ user: signedIn }) => toast.success(t('auth.signIn.done'), t('auth.signIn.welcome', { name: signedIn.name })) },
    );
  };

  return (
    <AuthLayout
      brand={brand}
      title={t('auth.signIn.title')}
      intro={t('auth.signIn.intro')}
      footer={
        <p>
          {t('auth.signIn.noAccount')} <AuthLink to={{ pathname: '/register', search: destination.search }}>{t('auth.signIn.toRegister')}</AuthLink>
        </p>
      }
    >
      <form ref={form} noValidate onSubmit={submit} className="space-y-5">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField id="sign-in-email" name="email" type="email" autoComplete="email" required label={t('auth.field.email')} defaultValue={params.get('email') ?? ''} error={errors.email} />
        <div>
          <TextField id="sign-in-password" name="password" type="password" autoComplete="current-password" required label={t('auth.field.password')} error={errors.password} />
          <Link to="/forgot-password" className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline">
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <label className="flex min-h-11 items-center gap-3 text-stone-900">
          <input type="checkbox" name="remember" defaultChecked className="size-5 accent-green-800" />
          {t('auth.signIn.remember')}
        </label>
        <button type="submit" className="btn-primary w-full" disabled={signIn.isPending}>
          {signIn.isPending ? t('auth.signIn.pending') : t('auth.signIn.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
