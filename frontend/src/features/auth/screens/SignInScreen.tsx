import '@/features/auth/messages';
import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { FormAlert } from '@/components/form/FormAlert';
import { PhoneCodeForm } from '@/components/form/PhoneCodeForm';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { setSignedIn, useUser } from '@/lib/queries/user';
import type { TwoFactorRequired, User } from '@/types/api';
import { useCodeSignIn, useRequestSignInCode } from '@/features/auth/api/code-sign-in';
import { needsSecondFactor, useLogin } from '@/features/auth/api/login';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { homeOf, useDestination } from '@/features/auth/destination';
import { isEmailLike, readSignInName } from '@/features/auth/sign-in-name';
import { paths } from '@/lib/paths';

/** The one field takes either; the server names whichever it was sent. */
const FIELDS = ['email', 'phone', 'password'];

/** Staff's second step (a code, or setting up the app): its own chunk, which shoppers never load. */
const SecondFactor = lazy(() => import('@/features/auth/components/SecondFactor'));

/** The number a code was asked for: E.164 for the server, written for people on the screen. */
interface CodeFor {
  phone: string;
  shown: string;
}

export function SignInScreen({ brand }: { brand: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const destination = useDestination();
  const { data: user } = useUser();
  const signIn = useLogin();
  const requestCode = useRequestSignInCode();
  const codeSignIn = useCodeSignIn();
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  useFocusFirstInvalid(form, signIn.error ?? requestCode.error ?? problem);
  /** Set while staff are between their password and their second factor. */
  const [secondStep, setSecondStep] = useState<TwoFactorRequired | null>(null);
  /** Set once a code was asked for: the screen asks for it. */
  const [codeFor, setCodeFor] = useState<CodeFor | null>(null);
  const [expired, setExpired] = useState(false);
  const [name, setName] = useState(params.get('email') ?? '');
  const [remember, setRemember] = useState(false);

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

  if (codeFor) {
    const back = () => {
      codeSignIn.reset();
      requestCode.reset();
      setCodeFor(null);
    };
    return (
      <AuthLayout
        brand={brand}
        title={t('auth.signIn.codeTitle')}
        footer={
          <button type="button" className="inline-flex min-h-11 items-center font-semibold text-green-800 underline" onClick={back}>
            {t('auth.signIn.otherWay')}
          </button>
        }
      >
        {/* The same words whether or not the number has an account: the server's answer is the same too. */}
        <PhoneCodeForm
          id="sign-in-code"
          intro={t('auth.signIn.codeSent', { phone: codeFor.shown })}
          submitLabel={t('auth.signIn.submit')}
          pending={codeSignIn.isPending}
          error={codeSignIn.error}
          onSubmit={(code) => codeSignIn.mutate({ phone: codeFor.phone, code, remember }, { onSuccess: ({ user: signedIn }) => welcome(signedIn) })}
          onResend={() => requestCode.mutate(codeFor.phone, { onSuccess: () => toast.success(t('auth.code.resent')) })}
          resending={requestCode.isPending}
          resendError={requestCode.error}
        />
      </AuthLayout>
    );
  }

  const errors = fieldErrors(signIn.error ?? requestCode.error);
  const nameError = problem ?? errors.email ?? errors.phone;
  const alert = formError(signIn.error ?? requestCode.error, FIELDS, t('auth.unreachable')) ?? (expired ? t('auth.signIn.expired') : undefined);
  const emailTyped = isEmailLike(name);

  /** The field read, or nothing (and a word beside it) when it is empty. */
  const start = async () => {
    signIn.reset();
    requestCode.reset();
    setExpired(false);
    if (name.trim() === '') {
      setProblem(t('auth.signIn.nameMissing'));
      return undefined;
    }
    setProblem(undefined);
    return readSignInName(name);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    void start().then((who) => {
      if (!who) return;
      // A number and no password: what she wants is a code (the hint beside the field offers one).
      if ('phone' in who && password === '') return askForCode(who);
      const credentials = 'email' in who ? { email: who.email } : { phone: who.phone };
      signIn.mutate({ ...credentials, password, remember }, { onSuccess: (answer) => (needsSecondFactor(answer) ? setSecondStep(answer) : welcome(answer.user)) });
    });
  };

  const askForCode = (who: CodeFor) => requestCode.mutate(who.phone, { onSuccess: () => setCodeFor(who) });
  const sendCode = () =>
    void start().then((who) => {
      if (who && 'phone' in who) askForCode(who);
    });

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
        <TextField
          id="sign-in-name"
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          label={t('auth.field.login')}
          hint={t('auth.signIn.nameHint')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
        {emailTyped ? null : (
          <div className="rounded-lg bg-stone-100 p-4">
            <p id="sign-in-code-hint" className="text-stone-800">
              {t('auth.signIn.codeHint')}
            </p>
            <button type="button" className="btn-secondary mt-3 w-full" aria-describedby="sign-in-code-hint" onClick={sendCode} disabled={requestCode.isPending}>
              {requestCode.isPending ? t('auth.sending') : t('auth.signIn.sendCode')}
            </button>
          </div>
        )}
        <div>
          <TextField id="sign-in-password" name="password" type="password" autoComplete="current-password" required label={t('auth.field.password')} error={errors.password} />
          <Link to={paths.forgotPassword.getHref()} className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline">
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <div>
          {/* Unticked unless asked: a shared family phone must not stay signed in by accident. */}
          <label className="flex min-h-11 items-center gap-3 text-stone-900">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              aria-describedby="sign-in-remember-hint"
              className="size-5 accent-green-800"
            />
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
