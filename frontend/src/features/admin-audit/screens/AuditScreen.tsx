import '@/features/admin-audit/messages';
import { Link, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { FormAlert } from '@/components/form/FormAlert';
import { isApiError } from '@/lib/api-client';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useAudit } from '@/features/admin-audit/api/get-audit';
import { filtersFromParams, FILTER_KEYS, paramsFromFilters, PER_PAGE, type AuditFilters } from '@/features/admin-audit/audit-filters';
import { AuditEntry } from '@/features/admin-audit/components/AuditEntry';
import { AuditFiltersForm } from '@/features/admin-audit/components/AuditFiltersForm';

/** /admin/audit (admins only): every recorded change, newest first, filtered by what the address says. */
export default function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const audit = useAudit(filters);
  const search = (page: number) => `?${paramsFromFilters({ ...filters, page })}`;
  const filtered = FILTER_KEYS.some((key) => filters[key]);

  // A 422 names the filter at fault (beside it); anything else is said above the list.
  const errors = fieldErrors(audit.error);
  const problem = formError(audit.error, [...FILTER_KEYS], 'The audit log could not be loaded.');
  const page = audit.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / PER_PAGE)) : 1;

  let list;
  if (audit.isPending) {
    list = <p role="status">Loading the changes…</p>;
  } else if (audit.isError) {
    list = problem ? <ErrorBox onRetry={isApiError(audit.error, 403) ? undefined : () => void audit.refetch()}>{problem}</ErrorBox> : null;
  } else if (page && page.data.length === 0) {
    list = <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-700">{filtered ? 'No changes match these filters.' : 'No changes have been recorded yet.'}</p>;
  } else if (page) {
    list = (
      <>
        <p className="mb-3 text-sm text-stone-600" aria-live="polite">
          {page.total} {page.total === 1 ? 'change' : 'changes'}, newest first · page {page.page} of {pages}
        </p>
        <ol className={`space-y-3 ${audit.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={audit.isPlaceholderData}>
          {page.data.map((line) => (
            <AuditEntry key={line.id} line={line} />
          ))}
        </ol>
        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
          {page.page > 1 ? (
            <Link to={search(page.page - 1)} className="btn-secondary">
              Newer
            </Link>
          ) : (
            <span />
          )}
          {page.has_more ? (
            <Link to={search(page.page + 1)} className="btn-secondary">
              Older
            </Link>
          ) : null}
        </nav>
      </>
    );
  }

  return (
    <AdminPage title="Audit log" intro="Who changed what, and when. Times are in your own time zone.">
      <section aria-label="Filters" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <AuditFiltersForm key={params.toString()} filters={filters} errors={errors} onApply={(next: AuditFilters) => setParams(paramsFromFilters(next))} />
        {filtered ? (
          <Link to={{ search: '' }} className="mt-3 inline-flex min-h-11 items-center font-medium text-green-800 underline">
            Clear the filters
          </Link>
        ) : null}
      </section>
      {audit.isError && !problem && Object.keys(errors).length > 0 ? (
        <div className="mt-4">
          <FormAlert>A filter is not valid: see beside it.</FormAlert>
        </div>
      ) : null}
      <div className="mt-5">{list}</div>
    </AdminPage>
  );
}
