import { useId, useRef, type FormEvent } from 'react';
import { NewPasswordFields } from '@/components/form/NewPasswordFields';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useChangePassword } from '@/features/account/api/change-password';
import { AccountCard } from '@/features/account/components/AccountCard';
import type { PasswordChangeBody } from '@/types/api';

const FIELDS = ['current_password', 'password', 'password_confirmation'];

/** Changes the password; an account without one (opened by phone) sets its first here. */
export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const t = useT();
  const toast = useToast();
  const change = useChangePassword();
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useFocusFirstInvalid(form, change.error);
  const errors = fieldErrors(change.error);
  const alert = formError(change.error, FIELDS, t('auth.unreachable'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const data = new FormData(target);
    const value = (name: string) => String(data.get(name) ?? '');
    const input: PasswordChangeBody = { password: value('password'), password_confirmation: value('password_confirmation') };
    if (hasPassword) input.current_password = value('current_password');
    change.mutate(input, {
      onSuccess: ({ message }) => {
        toast.success(hasPassword ? t('account.password.changed') : t('account.password.set'), message);
        target.reset();
      },
    });
  };

  return (
    <AccountCard titleId={titleId} title={hasPassword ? t('account.password.title') : t('account.password.setTitle')}>
      <form ref={form} noValidate onSubmit={submit} className="space-y-5">
        {hasPassword ? null : <p className="text-stone-800">{t('account.password.setIntro')}</p>}
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        {hasPassword ? (
          <TextField
            id="password-current"
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            label={t('account.field.currentPassword')}
            error={errors.current_password}
          />
        ) : null}
        <NewPasswordFields idPrefix="account" label={hasPassword ? t('auth.field.newPassword') : t('auth.field.password')} errors={errors} />
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {change.isPending ? t('auth.saving') : hasPassword ? t('account.password.submit') : t('account.password.setSubmit')}
        </button>
      </form>
    </AccountCard>
  );
}
