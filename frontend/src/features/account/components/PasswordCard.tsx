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

const FIELDS = ['current_password', 'password', 'password_confirmation'];

export function PasswordCard() {
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
    change.mutate(
      { current_password: value('current_password'), password: value('password'), password_confirmation: value('password_confirmation') },
      {
        onSuccess: ({ message }) => {
          toast.success(t('account.password.changed'), message);
          target.reset();
        },
      },
    );
  };

  return (
    <AccountCard titleId={titleId} title={t('account.password.title')}>
      <form ref={form} noValidate onSubmit={submit} className="space-y-5">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField
          id="password-current"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          label={t('account.field.currentPassword')}
          error={errors.current_password}
        />
        <NewPasswordFields idPrefix="account" label={t('auth.field.newPassword')} errors={errors} />
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {change.isPending ? t('auth.saving') : t('account.password.submit')}
        </button>
      </form>
    </AccountCard>
  );
}
