import type { ReactNode } from 'react';

/** One panel of the user area: a titled white card, with an optional action beside the title. */
export function AccountCard({ titleId, title, action, children }: { titleId: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6">
      <div className="mb-4 flex min-h-11 items-center justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
