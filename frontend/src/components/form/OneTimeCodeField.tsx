import { TextField } from '@/components/form/TextField';

/** The 6 digits of an authenticator app or a text message; spaces typed or pasted along are dropped when sent. */
export function OneTimeCodeField({ id, label, hint, error }: { id: string; label: string; hint?: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="code"
      label={label}
      hint={hint}
      error={error}
      required
      autoFocus
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      spellCheck={false}
    />
  );
}

/** The code as the server takes it: digits only. */
export const codeFrom = (form: HTMLFormElement, name = 'code'): string =>
  String(new FormData(form).get(name) ?? '').replace(/\s+/g, '');
