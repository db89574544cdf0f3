// The frame every form field shares: its label (with the optional marker), the control, the
// server's (or the form's own) message about it and a hint, tied to the control for assistive
// technology through aria-invalid and aria-describedby.
import type { ReactNode } from 'react';
import { FieldError } from '@/components/form/FieldError';
import { OptionalMark } from '@/components/form/OptionalMark';

export interface FieldProps {
  /** The control's id; the label points at it, and the message and hint ids derive from it. */
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  /** Marks a field that may be left empty. */
  optional?: boolean;
  /** Classes for the field's box, such as its place in a grid. */
  className?: string;
  /** Shown beside the label but not part of the control's name (a language's tag, say). */
  aside?: ReactNode;
}

/** What the frame hands its control. */
export interface ControlAria {
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

const CONTROL =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:ring-2 focus:outline-none';

/** The look of a text-like control (input, textarea, select): red while it has an error. */
export const controlClass = (error?: string) =>
  `${CONTROL} ${error ? 'border-red-700 focus:ring-red-700/30' : 'border-stone-500 focus:border-green-700 focus:ring-green-700/30'}`;

export function FieldFrame({ id, label, hint, error, optional, className, aside, children }: FieldProps & { children: (aria: ControlAria) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const labelled = (
    <label htmlFor={id} className="block font-medium text-stone-900">
      {label}
      {optional ? <OptionalMark /> : null}
    </label>
  );
  return (
    <div className={className}>
      {aside ? (
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          {labelled}
          {aside}
        </div>
      ) : (
        labelled
      )}
      {children({ 'aria-invalid': Boolean(error), 'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined })}
      <FieldError id={errorId}>{error}</FieldError>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
