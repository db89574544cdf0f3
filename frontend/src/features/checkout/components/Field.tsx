// A labelled form control with its hint and error, tied together for assistive technology.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

export const CONTROL =
  'mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-green-700 focus:ring-2 focus:ring-green-700/30 focus:outline-none';

const controlClass = (error?: string) => `${CONTROL} ${error ? 'border-red-700' : 'border-stone-500'}`;

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: string;
  className?: string;
  children: (described: { 'aria-invalid': boolean; 'aria-describedby': string | undefined; className: string }) => ReactNode;
}

function FieldFrame({ id, label, error, hint, optional, className = '', children }: FieldFrameProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-stone-900">
        {label}
        {optional ? <span className="ml-1 text-sm font-normal text-stone-600">{optional}</span> : null}
      </label>
      {children({ 'aria-invalid': Boolean(error), 'aria-describedby': described, className: controlClass(error) })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = { id: string; label: string; error?: string; hint?: string; optional?: string; className?: string };

export function TextField({ id, label, error, hint, optional, className, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      {(props) => <input id={id} {...input} {...props} />}
    </FieldFrame>
  );
}

export function TextAreaField({ id, label, error, hint, optional, className, ...input }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      {(props) => <textarea id={id} rows={3} {...input} {...props} />}
    </FieldFrame>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      {(props) => (
        <select id={id} {...select} {...props}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ id, label, hint, checked, onChange }: { id: string; label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-3 size-5 shrink-0 accent-green-800"
      />
      <div>
        <label htmlFor={id} className="inline-flex min-h-11 items-center font-medium text-stone-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="-mt-2 text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
