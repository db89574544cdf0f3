import '@/features/auth/messages';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/form/NewPasswordFields';
import { FormAlert } from '@/components/form/FormAlert';
import { PhoneCodeForm } from '@/components/form/PhoneCodeForm';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { PhoneInput } from '@/components/PhoneInput/PhoneInput';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useSendPhoneCode, useVerifyPhone } from '@/lib/queries/phone-verification';
import { useUser } from '@/lib/queries/user';
import { useRegister } from '@/features/auth/api/register';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { useDestination } from '@/features/auth/destination';
import { paths } from '@/lib/paths';
import type { RegisterBody } from '@/types/api';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'];

/** Right after registering: the code sent to the new account's number, typed back. */
function VerifyNewNumber({ brand, phone, onDone }: { brand: ReactNode; phone: string; onDone: () => void }) {
  const t = useT();
  // E.164 until the phone library (loaded with the form's phone field) has written it for people.
  const [shown, setShown] = useState(phone);
  useEffect(() => {
    void import('@/components/PhoneInput/phone').then(({ formatInternational }) => setShown(formatInternational(phone)));
  }, [phone]);
  const toast = useToast();
  const destination = useDestination();
  const verify = useVerifyPhone();
  const resend = useSendPhoneCode();
  return (
    <AuthLayout
      brand={brand}
      title={t('auth.code.title')}
      footer={
        <p>
          <AuthLink to={destination.to}>{t('auth.code.later')}</AuthLink>
        </p>
      }
    >
      <PhoneCodeForm
        id="register-code"
        intro={t('auth.code.sentTo', { phone: shown })}
        submitLabel={t('auth.code.verify')}
        pending={verify.isPending}
        error={verify.error}
        onSubmit={(code) =>
          verify.mutate(code, {
            onSuccess: () => {
              toast.success(t('auth.code.verified'));
              onDone();
            },
          })
        }
        onResend={() => resend.mutate(undefined, { onSuccess: () => toast.success(t('auth.code.resent')) })}
        resending={resend.isPending}
        resendError={resend.error}
      />
    </AuthLayout>
  );
}

export function RegisterScreen({ brand }: { brand: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const destination = useDestination();
  const { data: user } = useUser();
  const register = useRegister();
  const form = useRef<HTMLFormElement>(null);
  /** Set once the new number is verified (or left for later): on to where the shopper was going. */
  const [finished, setFinished] = useState(false);
  useFocusFirstInvalid(form, register.error);

  // Just registered: the code sent to the new account's number is asked for first. (The session's
  // user is set while the mutation is still pending: no leaving the screen before its answer is read.)
  const created = register.data?.user;
  if (created?.phone && !created.phone_verified_at && !finished) {
    const done = () => {
      setFinished(true);
      void navigate(destination.to, { replace: true });
    };
    return <VerifyNewNumber brand={brand} phone={created.phone} onDone={done} />;
  }
  // Once the new number is dealt with, `done` has already gone on to the destination: going again
  // from wherever that is would read its (absent) `next` and land on the account page instead.
  if (finished) return null;
  if (user && !register.isPending) return <Navigate to={destination.to} replace />;

  const errors = fieldErrors(register.error);
  const alert = formError(register.error, FIELDS, t('auth.unreachable'));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const input: RegisterBody = { name: value('name'), phone: value('phone') };
    if (value('email')) input.email = value('email');
    // Passwords are taken as typed: spaces may be part of them.
    const password = String(data.get('password') ?? '');
    if (password) Object.assign(input, { password, password_confirmation: String(data.get('password_confirmation') ?? '') });
    register.mutate(input, {
      onSuccess: ({ user: answered }) => {
        const email = answered.email;
        toast.success(t('auth.register.done'), email ? t('auth.register.doneText', { email }) : undefined);
      },
    });
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
        <PhoneInput id="register-phone" name="phone" required label={t('auth.field.phone')} hint={t('auth.register.phoneHint')} error={errors.phone} />
        <TextField id="register-email" name="email" type="email" autoComplete="email" optional label={t('auth.field.email')} hint={t('auth.register.emailHint')} error={errors.email} />
        <NewPasswordFields idPrefix="register" label={t('auth.field.password')} errors={errors} optional />
        <button type="submit" className="btn-primary w-full" disabled={register.isPending}>
          {register.isPending ? t('auth.register.pending') : t('auth.register.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
