import '@/features/auth/messages';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { phoneAccount, useSendPhoneCode, useVerifyPhone } from '@/lib/queries/phone-verification';
import { useUser } from '@/lib/queries/user';
import { useRegister, type PhoneRegisterBody } from '@/features/auth/api/register';
import { AuthLayout, AuthLink } from '@/features/auth/components/AuthLayout';
import { useDestination } from '@/features/auth/destination';
import { paths } from '@/lib/paths';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'];

/** The new account's number, E.164 and (once the phone library has written it) for people. */
interface Verifying {
  phone: string;
  shown?: string;
}

/** Right after registering: the code sent to the new account's number, typed back. */
function VerifyNewNumber({ brand, number, onDone }: { brand: ReactNode; number: Verifying; onDone: () => void }) {
  const t = useT();
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
        intro={t('auth.code.sentTo', { phone: number.shown ?? number.phone })}
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
  /** Set once the account exists and its number still needs its code. */
  const [verifying, setVerifying] = useState<Verifying | null>(null);
  useFocusFirstInvalid(form, register.error);

  if (verifying) return <VerifyNewNumber brand={brand} number={verifying} onDone={() => void navigate(destination.to, { replace: true })} />;
  if (user) return <Navigate to={destination.to} replace />;

  const errors = fieldErrors(register.error);
  const alert = formError(register.error, FIELDS, t('auth.unreachable'));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const input: PhoneRegisterBody = { name: value('name'), phone: value('phone') };
    if (value('email')) input.email = value('email');
    // Passwords are taken as typed: spaces may be part of them.
    const password = String(data.get('password') ?? '');
    if (password) Object.assign(input, { password, password_confirmation: String(data.get('password_confirmation') ?? '') });
    register.mutate(input, {
      onSuccess: ({ user: answered }) => {
        const created = phoneAccount(answered);
        toast.success(t('auth.register.done'), created.email ? t('auth.register.doneText', { email: created.email }) : undefined);
        const phone = created.phone;
        if (!phone || created.phone_verified_at) return;
        setVerifying({ phone });
        void import('@/components/PhoneInput/phone').then(({ formatInternational }) => setVerifying({ phone, shown: formatInternational(phone) }));
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
