// Every order, newest first: a tab per status (with its count under the other filters), the
// payment method and state, the day it was placed, and a search by number, name, phone, e-mail
// or PIN code. All of it lives in the URL.
import '@/lib/desk-messages';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { Pager } from '@/components/admin/Pager';
import { ErrorBox } from '@/components/ErrorBox';
import { controlClass } from '@/components/form/FieldFrame';
import { formatDateTime } from '@/components/order-paper/order-format';
import { useT } from '@/lib/i18n';
import { formatPhone } from '@/lib/phone';
import { useDebouncedValue } from '@/lib/hooks';
import { formatRupees, toPaise } from '@/lib/money';
import type { OrderListItem, StatusCounts } from '@/types/orders-desk';
import { useOrderList } from '@/features/admin-orders/api/orders-desk';
import { ShipManyPanel } from '@/features/admin-orders/components/ShipManyPanel';
import { METHOD_NAMES, PAYMENT_STATE_NAMES, STATUS_NAMES, paymentTone } from '@/features/admin-orders/labels';
import { STATUS_TABS, activeFilterCount, listQuery, withFilter, type FilterName } from '@/features/admin-orders/urls';
import { adminPaths } from '@/lib/admin-paths';

const PER_PAGE = 25;

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

function StatusTabs({ current, counts, onChange }: { current: string; counts?: StatusCounts; onChange: (status: string) => void }) {
  const tabs: [string, string, number | undefined][] = [['', 'All', counts?.all], ...STATUS_TABS.map((status): [string, string, number | undefined] => [status, STATUS_NAMES[status], counts?.[status]])];
  return (
    <nav aria-label="Order status" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-stone-300">
        {tabs.map(([status, label, count]) => (
          <li key={status || 'all'}>
            <button
              type="button"
              aria-current={current === status ? 'page' : undefined}
              onClick={() => onChange(status)}
              className={`flex min-h-11 items-center gap-2 border-b-2 px-3 font-medium whitespace-nowrap ${current === status ? 'border-green-800 text-green-900' : 'border-transparent text-stone-700 hover:text-stone-900'}`}
            >
              {label}
              {count === undefined ? null : <span className={`rounded-full px-2 text-xs tabular-nums ${current === status ? 'bg-green-800 text-white' : 'bg-stone-200 text-stone-800'}`}>{count}</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PaymentBadge({ order }: { order: OrderListItem }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${paymentTone(order.payment_state)}`}>{PAYMENT_STATE_NAMES[order.payment_state]}</span>;
}

const total = (order: OrderListItem) => formatRupees(toPaise(order.total));

/** The orders chosen on the list, in the order they were chosen. */
interface Selection {
  numbers: string[];
  toggle: (number: string) => void;
}

/** A checkbox in a square a thumb can hit (48 px), named for its order. */
function SelectBox({ number, selection }: { number: string; selection: Selection }) {
  const t = useT();
  return (
    <label className="flex min-h-12 min-w-12 cursor-pointer items-center justify-center">
      <input type="checkbox" className="size-6 accent-green-800" checked={selection.numbers.includes(number)} onChange={() => selection.toggle(number)} aria-label={t('desk.select.order', { number })} />
    </label>
  );
}

function OrderRows({ orders, selection }: { orders: OrderListItem[]; selection: Selection }) {
  return (
    <>
      <table className="hidden w-full border-collapse text-left lg:table">
        <thead>
          <tr className="border-b border-stone-300 text-sm text-stone-600">
            <th className="w-12 py-2 font-semibold">
              <span className="sr-only">Select</span>
            </th>
            <th className="py-2 pr-3 font-semibold">Order</th>
            <th className="py-2 pr-3 font-semibold">Customer</th>
            <th className="py-2 pr-3 font-semibold">Ships to</th>
            <th className="py-2 pr-3 font-semibold">Payment</th>
            <th className="py-2 pr-3 text-right font-semibold">Total</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.number} className="border-b border-stone-200 align-top">
              <td className="py-1">
                <SelectBox number={order.number} selection={selection} />
              </td>
              <td className="py-3 pr-3">
                <Link to={adminPaths.order.getHref(order.number)} className="font-semibold text-green-900 underline">
                  {order.number}
                </Link>
                <div className="mt-1 text-sm text-stone-600">{formatDateTime(order.placed_at)}</div>
                <div className="mt-1 text-sm font-medium text-stone-800">{STATUS_NAMES[order.status]}</div>
              </td>
              <td className="py-3 pr-3">
                <div className="font-medium">{order.contact_name}</div>
                <div className="text-sm text-stone-600 tabular-nums">{formatPhone(order.contact_phone)}</div>
                <div className="text-sm break-all text-stone-600">{order.contact_email}</div>
              </td>
              <td className="py-3 pr-3">
                {order.city} <span className="tabular-nums">{order.pincode}</span>
              </td>
              <td className="py-3 pr-3">
                <div className="text-sm">{METHOD_NAMES[order.payment_method]}</div>
                <PaymentBadge order={order} />
              </td>
              <td className="py-3 pr-3 text-right tabular-nums">
                {total(order)}
                <div className="text-sm text-stone-600">
                  {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 lg:hidden">
        {orders.map((order) => (
          <li key={order.number} className="flex items-stretch rounded-xl border border-stone-200 bg-white">
            <SelectBox number={order.number} selection={selection} />
            <Link to={adminPaths.order.getHref(order.number)} className="block min-w-0 flex-1 rounded-r-xl py-4 pr-4 active:bg-stone-50">
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-green-900">{order.number}</span>
                <span className="font-semibold tabular-nums">{total(order)}</span>
              </span>
              <span className="mt-1 block text-sm text-stone-600">
                {formatDateTime(order.placed_at)} · {STATUS_NAMES[order.status]}
              </span>
              <span className="mt-1 block">
                {order.contact_name} · {order.city} {order.pincode}
              </span>
              <span className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                {METHOD_NAMES[order.payment_method]} <PaymentBadge order={order} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Every order of this page chosen, or none. */
function SelectPage({ orders, selection }: { orders: OrderListItem[]; selection: Selection }) {
  const t = useT();
  const onPage = orders.map((order) => order.number);
  const allOnPage = onPage.length > 0 && onPage.every((number) => selection.numbers.includes(number));
  return (
    <label className="mb-2 flex min-h-12 cursor-pointer items-center gap-3 font-medium">
      <span className="flex min-w-12 justify-center">
        <input
          type="checkbox"
          className="size-6 accent-green-800"
          checked={allOnPage}
          onChange={() => {
            for (const number of onPage) if (allOnPage || !selection.numbers.includes(number)) selection.toggle(number);
          }}
        />
      </span>
      {t('desk.select.page')}
    </label>
  );
}

/**
 * What can be done with the chosen orders: print their papers, ship them with one carrier. Below
 * the list and stuck to the bottom of a phone's screen while the list scrolls under it.
 */
function SelectionBar({ count, numbers, onClear, onShip }: { count: number; numbers: string[]; onClear: () => void; onShip: () => void }) {
  const t = useT();
  return (
    <div role="region" aria-label={t('desk.select.count', { count })} className="sticky bottom-0 z-10 -mx-4 mt-3 flex flex-wrap items-center gap-2 border-t border-stone-300 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:mx-0 sm:rounded-xl sm:border">
      <p className="w-full font-semibold" aria-live="polite">
        {t('desk.select.count', { count })}
      </p>
      <Link to={adminPaths.ordersPrint.getHref('packing-slip', numbers)} className="btn-secondary">
        {t('desk.bulk.slips')}
      </Link>
      <Link to={adminPaths.ordersPrint.getHref('invoice', numbers)} className="btn-secondary">
        {t('desk.bulk.invoices')}
      </Link>
      <button type="button" className="btn-primary" onClick={onShip}>
        {t('desk.bulk.ship')}
      </button>
      <button type="button" className="min-h-11 px-2 text-stone-700 underline" onClick={onClear}>
        {t('desk.select.clear')}
      </button>
    </div>
  );
}

export default function OrderListScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<string[]>([]);
  const [shipping, setShipping] = useState<string[] | null>(null);
  const selection: Selection = {
    numbers: selected,
    toggle: (number) => setSelected((current) => (current.includes(number) ? current.filter((n) => n !== number) : [...current, number])),
  };
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const setFilter = (name: FilterName, value: string) => setParams((current) => withFilter(current, name, value), { replace: name === 'q' });

  useEffect(() => {
    if ((params.get('q') ?? '') !== debouncedSearch) setFilter('q', debouncedSearch);
    // Only the typed words drive this; the other filters change through setFilter directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const list = useOrderList(listQuery(params, PER_PAGE));
  const page = Number(params.get('page') ?? '1');
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;
  const filters = activeFilterCount(params);

  return (
    <AdminPage
      title="Orders"
      intro={list.data ? `${list.data.total} ${list.data.total === 1 ? 'order' : 'orders'}` : undefined}
      actions={
        <Link to={adminPaths.phoneOrder.getHref()} className="btn-primary">
          {t('desk.phone.newOrder')}
        </Link>
      }
    >
      <StatusTabs current={params.get('status') ?? ''} counts={list.data?.counts} onChange={(status) => setFilter('status', status)} />
      <form role="search" className="mt-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6" onSubmit={(event) => event.preventDefault()}>
        <div className="sm:col-span-2">
          <Field id="order-search" label="Search by order number, name, phone, e-mail or PIN code">
            <input id="order-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={`${controlClass()} min-h-11`} />
          </Field>
        </div>
        <button type="button" className="btn-secondary sm:hidden" aria-expanded={filtersOpen} aria-controls="order-filters" onClick={() => setFiltersOpen((open) => !open)}>
          {filtersOpen ? 'Hide filters' : filters > 0 ? `Filters (${filters} set)` : 'Filters'}
        </button>
        <div id="order-filters" className={`${filtersOpen ? 'grid' : 'hidden'} gap-3 sm:col-span-2 sm:grid sm:grid-cols-2 lg:col-span-4 lg:grid-cols-4`}>
          <Field id="filter-method" label="Payment method">
            <select id="filter-method" value={params.get('payment_method') ?? ''} onChange={(event) => setFilter('payment_method', event.target.value)} className={`${controlClass()} min-h-11`}>
              <option value="">Any method</option>
              <option value="cod">{METHOD_NAMES.cod}</option>
              <option value="bank_transfer">{METHOD_NAMES.bank_transfer}</option>
            </select>
          </Field>
          <Field id="filter-payment" label="Payment">
            <select id="filter-payment" value={params.get('payment_state') ?? ''} onChange={(event) => setFilter('payment_state', event.target.value)} className={`${controlClass()} min-h-11`}>
              <option value="">Paid or not</option>
              <option value="unpaid">{PAYMENT_STATE_NAMES.unpaid}</option>
              <option value="paid">{PAYMENT_STATE_NAMES.paid}</option>
              <option value="refunded">{PAYMENT_STATE_NAMES.refunded}</option>
            </select>
          </Field>
          <Field id="filter-from" label="Placed from">
            <input id="filter-from" type="date" value={params.get('from') ?? ''} onChange={(event) => setFilter('from', event.target.value)} className={`${controlClass()} min-h-11`} />
          </Field>
          <Field id="filter-to" label="Placed until">
            <input id="filter-to" type="date" value={params.get('to') ?? ''} onChange={(event) => setFilter('to', event.target.value)} className={`${controlClass()} min-h-11`} />
          </Field>
        </div>
      </form>

      <div className="mt-5" aria-busy={list.isFetching}>
        {list.isError ? <ErrorBox onRetry={() => void list.refetch()}>{list.error.message}</ErrorBox> : null}
        {list.isPending ? <p role="status">Loading orders…</p> : null}
        {list.data && list.data.data.length === 0 ? <p className="rounded-xl border border-stone-200 bg-white p-6 text-center text-stone-700">No order matches these filters.</p> : null}
        {shipping ? (
          <div className="mb-4">
            <ShipManyPanel key={shipping.join(',')} numbers={shipping} onDone={(answer) => setSelected(answer.results.filter((result) => !result.moved).map((result) => result.number))} />
            <button type="button" className="btn-secondary mt-2" onClick={() => setShipping(null)}>
              {t('desk.bulk.close')}
            </button>
          </div>
        ) : null}
        {list.data && list.data.data.length > 0 ? (
          <>
            <SelectPage orders={list.data.data} selection={selection} />
            <OrderRows orders={list.data.data} selection={selection} />
            {selected.length > 0 && !shipping ? (
              <SelectionBar
                count={selected.length}
                numbers={selected}
                onClear={() => setSelected([])}
                onShip={() => {
                  setShipping(selected);
                  window.scrollTo({ top: 0 });
                }}
              />
            ) : null}
          </>
        ) : null}
      </div>

      {list.data ? <Pager page={page} pages={pages} hasMore={list.data.has_more} onPage={(next) => setFilter('page', String(next))} /> : null}
    </AdminPage>
  );
}
