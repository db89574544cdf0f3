import type { SelectHTMLAttributes } from 'react';
import { controlClass, FieldFrame, type FieldProps } from '@/components/form/FieldFrame';

export function SelectField({ id, label, hint, error, optional, className, children, ...select }: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      {(aria) => (
        <select id={id} {...select} {...aria} className={`${controlClass(error)} min-h-11`}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
