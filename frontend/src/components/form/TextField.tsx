// A labelled form field with an optional hint and the server's message for it (a 422's errors).
import { useEffect, type InputHTMLAttributes, type ReactNode, type RefObject, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (described: { 'aria-invalid': boolean; 'aria-describedby'?: string; className: string }) => ReactNode;
}

const inputClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:ring-2 focus:outline-none';

function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-stone-900">
        {label}
      </label>
      {children({
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        className: `${inputClass} ${error ? 'border-red-700 focus:ring-red-700/30' : 'border-stone-500 focus:border-green-700 focus:ring-green-700/30'}`,
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = { id: string; label: string; hint?: string; error?: string };

export function TextField({ id, label, hint, error, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => <input id={id} type="text" {...input} {...described} className={`${described.className} min-h-11`} />}
    </FieldFrame>
  );
}

export function TextAreaField({ id, label, hint, error, ...textarea }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => <textarea id={id} rows={5} {...textarea} {...described} />}
    </FieldFrame>
  );
}

/** A form's failure that belongs to none of its fields (too many attempts, no connection, ...). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
      {children}
    </div>
  );
}

/** After a failed submission, puts focus on the first field the server found fault with. */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, error: unknown): void {
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, error]);
}
