import { useState } from 'react';
import { TextField } from '@/components/form/TextField';
import { useT } from '@/lib/i18n';

interface NewPasswordFieldsProps {
  /** Ids become `{idPrefix}-password` and `{idPrefix}-password-confirmation`. */
  idPrefix: string;
  label: string;
  /** Messages by field name, as `fieldErrors` reads them from a 422. */
  errors: Readonly<Record<string, string | undefined>>;
  /** The password may be left out (an account by mobile number): its confirmation shows once one is typed. */
  optional?: boolean;
}

/** A new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({ idPrefix, label, errors, optional = false }: NewPasswordFieldsProps) {
  const t = useT();
  const [typed, setTyped] = useState(false);
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        required={!optional}
        optional={optional}
        label={label}
        hint={t('auth.passwordHint')}
        error={errors.password}
        onChange={optional ? (event) => setTyped(event.target.value !== '') : undefined}
      />
      {!optional || typed || errors.password_confirmation ? (
        <TextField
          id={`${idPrefix}-password-confirmation`}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          label={t('auth.field.passwordConfirmation')}
          error={errors.password_confirmation}
        />
      ) : null}
    </>
  );
}
