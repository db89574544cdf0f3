import type { ReactNode } from 'react';

/** A form's failure that belongs to none of its fields (too many attempts, no connection, ...). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
      {children}
    </div>
  );
}
