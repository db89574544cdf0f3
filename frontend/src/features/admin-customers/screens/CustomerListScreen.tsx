// Customers: shopper accounts and guests (orders without an account, joined by phone number or
// e-mail address), the latest buyer first, found by name, e-mail or phone. The search and page
// live in the address, so a search comes back after opening a customer.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { Pager } from '@/components/admin/Pager';
import { ErrorBox } from '@/components/ErrorBox';
import { controlClass } from '@/components/form/FieldFrame';
import { FieldError } from '@/components/form/FieldError';
import { fieldErrors } from '@/lib/form-errors';
import { formatLocalDate } from '@/lib/dates';
import { useDebouncedValue } from '@/lib/hooks';
import { formatPhone } from '@/lib/phone';
import { formatRupees, toPaise } from '@/lib/money';
import type { Person } from '@/types/day-desk';
import { CUSTOMERS_PER_PAGE, useCustomers } from '@/features/admin-customers/api/customers';
import { listStateFromParams, paramsFromListState } from '@/features/admin-customers/customer-format';
import { adminPaths } from '@/lib/admin-paths';

function CustomerRow({ person }: { person: Person }) {
  const href = person.id != null ? adminPaths.customer.getHref(person.id) : adminPaths.guest.getHref(person.guest_key ?? '');
  return (
    <li>
      <Link to={href} className="flex flex-col gap-1 p-4 hover:bg-stone-50 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <span className="min-w-0">
          <span className="block font-semibold break-words text-green-900">
            {person.name}
            {person.kind === 'guest' ? <span className="ml-2 rounded bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">Guest</span> : null}
            {person.disabled_at ? <span className="ml-2 text-sm font-semibold text-red-800">Disabled</span> : null}
          </span>
          {person.email ? <span className="block text-sm break-all text-stone-700">{person.email}</span> : null}
          {person.phone ? <span className="block text-sm tabular-nums text-stone-700">{formatPhone(person.phone)}</span> : null}
          {person.note ? <span className="mt-1 block text-sm break-words text-amber-900 line-clamp-2">Note: {person.note}</span> : null}
        </span>
        <span className="flex shrink-0 flex-wrap gap-x-3 text-sm text-stone-600 sm:flex-col sm:items-end">
          <span className="font-semibold text-stone-900">
            {person.order_count} {person.order_count === 1 ? 'order' : 'orders'} · {formatRupees(toPaise(person.total_spent))}
          </span>
          <span>{person.last_order_at ? `Last order ${formatLocalDate(person.last_order_at)}` : `Joined ${formatLocalDate(person.since)}`}</span>
        </span>
      </Link>
    </li>
  );
}

export default function CustomerListScreen() {
  const [params, setParams] = useSearchParams();
  const state = listStateFromParams(params);
  const [typed, setTyped] = useState(state.q);
  const debounced = useDebouncedValue(typed.trim(), 300);
  const customers = useCustomers(state.q, state.page);

  useEffect(() => {
    if (debounced !== state.q) setParams(paramsFromListState({ q: debounced, page: 1 }), { replace: true });
    // Only the typed words drive this; paging changes the address directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const error = fieldErrors(customers.error).q;
  const page = customers.data;
  return (
    <AdminPage title="Customers" intro={page ? `${page.total} ${page.total === 1 ? 'customer' : 'customers'}${state.q ? ' found' : ', latest buyer first'}` : undefined}>
      <form role="search" className="rounded-xl border border-stone-200 bg-white p-4" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="customer-search" className="block text-sm font-medium text-stone-800">
          Search by name, e-mail or phone
        </label>
        <input
          id="customer-search"
          type="search"
          value={typed}
          maxLength={100}
          autoComplete="off"
          aria-invalid={error !== undefined}
          aria-describedby={error ? 'customer-search-error' : undefined}
          onChange={(event) => setTyped(event.target.value)}
          className={`${controlClass(error)} min-h-11`}
        />
        <FieldError id="customer-search-error">{error}</FieldError>
      </form>

      <div className="mt-5" aria-busy={customers.isFetching}>
        {customers.isError && !error ? <ErrorBox onRetry={() => void customers.refetch()}>The customers could not be loaded.</ErrorBox> : null}
        {customers.isPending ? <p role="status">Loading customers…</p> : null}
        {page && page.data.length === 0 ? (
          <p className="rounded-xl border border-stone-200 bg-white p-6 text-center text-stone-700">{state.q ? 'No customer matches this search.' : 'No customer yet.'}</p>
        ) : null}
        {page && page.data.length > 0 ? (
          <ul className={`divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white ${customers.isPlaceholderData ? 'opacity-60' : ''}`}>
            {page.data.map((person) => (
              <CustomerRow key={person.id ?? person.guest_key} person={person} />
            ))}
          </ul>
        ) : null}
      </div>
      {page ? <Pager page={page.page} pages={Math.max(1, Math.ceil(page.total / CUSTOMERS_PER_PAGE))} hasMore={page.has_more} onPage={(next) => setParams(paramsFromListState({ q: state.q, page: next }))} /> : null}
    </AdminPage>
  );
}
