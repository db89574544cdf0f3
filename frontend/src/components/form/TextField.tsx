import type { InputHTMLAttributes } from 'react';
import { controlClass, FieldFrame, type FieldProps } from '@/components/form/FieldFrame';

export function TextField({ id, label, hint, error, optional, className, aside, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional} className={className} aside={aside}>
      {(aria) => <input id={id} type="text" {...input} {...aria} className={`${controlClass(error)} min-h-11`} />}
    </FieldFrame>
  );
}
