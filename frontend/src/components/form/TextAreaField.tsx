import type { TextareaHTMLAttributes } from 'react';
import { controlClass, FieldFrame, type FieldProps } from '@/components/form/FieldFrame';

export function TextAreaField({ id, label, hint, error, optional, className, aside, ...textarea }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional} className={className} aside={aside}>
      {(aria) => <textarea id={id} {...textarea} {...aria} className={controlClass(error)} />}
    </FieldFrame>
  );
}
