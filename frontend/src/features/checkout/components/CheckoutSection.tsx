import { useId, type ReactNode } from 'react';

/** One titled card of the checkout form, with something optional beside the title. */
export function CheckoutSection({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
