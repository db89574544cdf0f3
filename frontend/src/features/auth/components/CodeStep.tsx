import '@/features/auth/messages';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { isApiError } from '@/lib/api-client';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import type { User } from '@/types/api';
import { useTwoFactorSignIn } from '@/features/auth/api/two-factor';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { codeFrom, OneTimeCodeField } from '@/components/form/OneTimeCodeField';

interface CodeStepProps {
  brand: ReactNode;
  onSignedIn: (user: User) => void;
  /** The password step is gone (401): back to it. */
  onExpired: () => void;
  footer: ReactNode;
}

/** A code from the authenticator app or, with the switch, one of the recovery codes. */
export function CodeStep({ brand, onSignedIn, onExpired, footer }: CodeStepProps) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const verify = useTwoFactorSignIn();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, verify.error);

  // The server names `code` for a wrong recovery code too: it belongs under whichever field is shown.
  const errors = fieldErrors(verify.error);
  const fieldError = errors.code ?? errors.recovery_code;
  const alert = formError(verify.error, ['code', 'recovery_code'], t('auth.unreachable'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = recovery
      ? { recovery_code: String(new FormData(event.currentTarget).get('recovery_code') ?? '').trim() }
      : { code: codeFrom(event.currentTarget) };
    verify.mutate(body, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (error) => {
        if (isApiError(error, 401)) onExpired();
      },
    });
  };
  const toggle = () => {
    verify.reset();
    setRecovery((on) => !on);
  };

  return (
    <AuthLayout brand={brand} title={t('twoFactor.code.title')} intro={recovery ? t('twoFactor.recovery.intro') : t('twoFactor.code.intro')} footer={footer}>
      <form ref={form} noValidate onSubmit={submit} className="space-y-5">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        {recovery ? (
          <TextField
            key="recovery"
            id="two-factor-recovery"
            name="recovery_code"
            label={t('twoFactor.recovery.label')}
            error={fieldError}
            required
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
          />
        ) : (
          <OneTimeCodeField key="code" id="two-factor-code" label={t('twoFactor.code.label')} hint={t('twoFactor.code.hint')} error={fieldError} />
        )}
        <button type="submit" className="btn-primary w-full" disabled={verify.isPending}>
          {verify.isPending ? t('twoFactor.code.pending') : t('twoFactor.code.submit')}
        </button>
        <button type="button" className="inline-flex min-h-11 items-center font-medium text-green-800 underline" onClick={toggle}>
          {recovery ? t('twoFactor.recovery.useApp') : t('twoFactor.code.useRecovery')}
        </button>
      </form>
    </AuthLayout>
  );
}
