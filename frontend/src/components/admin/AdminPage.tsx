import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';

/** A back-office screen: its heading, what can be done from it, and its content. */
export function AdminPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${title} · Back office`);
  return (
    <div className="px-4 py-5 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          {intro ? <p className="mt-1 text-stone-600">{intro}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-5">{children}</div>
    </div>
  );
}

/** A white box grouping a form's section or a list; with a title it is a region named by it. */
export function Panel({ title, children, actions }: { title?: string; children: ReactNode; actions?: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={title ? titleId : undefined} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title ? (
            <h2 id={titleId} className="text-lg font-semibold text-stone-900">
              {title}
            </h2>
          ) : (
            <span />
          )}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
