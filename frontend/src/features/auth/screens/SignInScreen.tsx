import '@/features/auth/messages';
import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { setSignedIn, useUser } from '@/lib/queries/user';
import type { TwoFactorRequired, User } from '@/types/api';
import { needsSecondFactor, useLogin } from '@/features/auth/api/login';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { homeOf, useDestination } from '@/features/auth/destination';
import { paths } from '@/lib/paths';

const FIELDS = ['email', 'password'];

/** Staff's second step (a code, or setting up the app): its own chunk, which shoppers never load. */
const SecondFactor = lazy(() => import('@/features/auth/components/SecondFactor'));

export function SignInScreen({ brand }: { brand: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const destination = useDestination();
  const { data: user } = useUser();
  const signIn = useLogin();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, signIn.error);
  /** Set while staff are between their password and their second factor. */
  const [secondStep, setSecondStep] = useState<TwoFactorRequired | null>(null);
  const [expired, setExpired] = useState(false);
  const [email, setEmail] = useState(params.get('email') ?? '');

  const welcome = (signedIn: User) => toast.success(t('auth.signIn.done'), t('auth.signIn.welcome', { name: signedIn.name }));

  // Signed in (just now, or already): on to where the shopper was going. Not in the middle of the
  // second step, though: the session is signed in before the recovery codes have been saved.
  if (user && !secondStep) return <Navigate to={destination.next ?? homeOf(user)} replace />;

  if (secondStep) {
    const backToPassword = (timedOut: boolean) => {
      signIn.reset();
      setSecondStep(null);
      setExpired(timedOut);
    };
    return (
      <Suspense fallback={<PageLoading />}>
        <SecondFactor
          brand={brand}
          enrolment={secondStep.enrolment_required}
          onSignedIn={(signedIn) => {
            setSignedIn(queryClient, signedIn);
            setSecondStep(null);
            welcome(signedIn);
          }}
          onExpired={() => backToPassword(true)}
          onStartOver={() => backToPassword(false)}
        />
      </Suspense>
    );
  }

  const errors = fieldErrors(signIn.error);
  const alert = formError(signIn.error, FIELDS, t('auth.unreachable')) ?? (expired ? t('auth.signIn.expired') : undefined);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setEmail(String(data.get('email') ?? ''));
    setExpired(false);
    signIn.mutate(
      { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? ''), remember: data.get('remember') === 'on' },
      { onSuccess: (answer) => (needsSecondFactor(answer) ? setSecondStep(answer) : welcome(answer.user)) },
    );
  };

  return (
    <AuthLayout
      brand={brand}
      title={t('auth.signIn.title')}
      intro={t('auth.signIn.intro')}
      footer={
        <p>
          {t('auth.signIn.noAccount')} <AuthLink to={{ pathname: paths.register.path, search: destination.search }}>{t('auth.signIn.toRegister')}</AuthLink>
          <br />
          {t('auth.signIn.guestOrder')} <AuthLink to={paths.findOrder.getHref()}>{t('nav.findOrder')}</AuthLink>
        </p>
      }
    >
      <form ref={form} noValidate onSubmit={submit} className="space-y-5">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField id="sign-in-email" name="email" type="email" autoComplete="email" required label={t('auth.field.email')} defaultValue={email} error={errors.email} />
        <div>
          <TextField id="sign-in-password" name="password" type="password" autoComplete="current-password" required label={t('auth.field.password')} error={errors.password} />
          <Link to={paths.forgotPassword.getHref()} className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline">
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <div>
          {/* Unticked unless asked: a shared family phone must not stay signed in by accident. */}
          <label className="flex min-h-11 items-center gap-3 text-stone-900">
            <input type="checkbox" name="remember" aria-describedby="sign-in-remember-hint" className="size-5 accent-green-800" />
            {t('auth.signIn.remember')}
          </label>
          <p id="sign-in-remember-hint" className="ml-8 text-sm text-stone-600">
            {t('auth.signIn.rememberHint')}
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={signIn.isPending}>
          {signIn.isPending ? t('auth.signIn.pending') : t('auth.signIn.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
