// Typing back a 6-digit code sent to a phone: after registering, in the user area, and signing in
// with a code. Another code may be asked for 30 seconds after the last one.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { codeFrom, OneTimeCodeField } from '@/components/form/OneTimeCodeField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';

/** How long "Send again" waits: the server caps codes per number, and SMS cost money. */
export const RESEND_AFTER_SECONDS = 30;

/** Seconds left until `from + RESEND_AFTER_SECONDS`, ticking down once a second. */
function useSecondsLeft(from: number): number {
  const until = from + RESEND_AFTER_SECONDS * 1000;
  const [now, setNow] = useState(from);
  useEffect(() => {
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - Math.max(now, from)) / 1000));
}

interface PhoneCodeFormProps {
  /** The code field's id. */
  id: string;
  /** What was sent where, above the field. */
  intro: ReactNode;
  submitLabel: string;
  pending: boolean;
  /** The failed check: a wrong code's words go under the field, anything else above it. */
  error: unknown;
  onSubmit: (code: string) => void;
  /** Asks for another code; the wait starts again. */
  onResend: () => void;
  resending: boolean;
  /** The failed request for another code (a 429's "try again in…"). */
  resendError?: unknown;
  /** Further ways on (another number, later), under the buttons. */
  children?: ReactNode;
}

export function PhoneCodeForm({ id, intro, submitLabel, pending, error, onSubmit, onResend, resending, resendError, children }: PhoneCodeFormProps) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [sentAt, setSentAt] = useState(() => Date.now());
  const seconds = useSecondsLeft(sentAt);
  useFocusFirstInvalid(form, error);
  const alert = formError(error, ['code'], t('auth.unreachable')) ?? formError(resendError, [], t('auth.unreachable'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(codeFrom(event.currentTarget));
  };
  const resend = () => {
    setSentAt(Date.now());
    onResend();
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-5">
      <p className="text-stone-800">{intro}</p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <OneTimeCodeField id={id} label={t('auth.code.label')} hint={t('auth.code.hint')} error={fieldErrors(error).code} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? t('auth.code.checking') : submitLabel}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <button type="button" className="inline-flex min-h-11 items-center font-medium text-green-800 underline disabled:text-stone-600 disabled:no-underline" onClick={resend} disabled={seconds > 0 || resending}>
          {resending ? t('auth.sending') : seconds > 0 ? t('auth.code.resendIn', { seconds }) : t('auth.code.resend')}
        </button>
        {children}
      </div>
    </form>
  );
}
