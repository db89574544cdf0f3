import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { adminPaths } from '@/lib/admin-paths';
import type { PackingListItem } from '@/types/packing';
import { usePackingList } from '@/features/admin-packing/api/packing';
import { ShipSelected } from '@/features/admin-packing/components/ShipSelected';
import '@/lib/desk-messages';

function OrderCard({ order, selected, onToggle }: { order: PackingListItem; selected: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <li className="flex items-stretch rounded-xl border border-stone-200 bg-white">
      {/* A square a thumb can hit (48 px), named for its order. */}
      <label className="flex w-12 shrink-0 cursor-pointer items-center justify-center border-r border-stone-200">
        <input type="checkbox" className="size-6 accent-green-800" checked={selected} onChange={onToggle} aria-label={t('desk.select.order', { number: order.number })} />
      </label>
      <Link to={adminPaths.packingOrder.getHref(order.number)} className="block min-w-0 flex-1 p-4 hover:bg-stone-50">
        <span className="flex items-baseline justify-between gap-3">
          <span className="font-semibold text-green-900">{order.number}</span>
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-sm font-medium ${order.packed_at ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}>
            {order.packed_at ? t('admin.packing.packed') : t('admin.packing.toPack')}
          </span>
        </span>
        <span className="mt-1 block break-words text-stone-800">
          {order.deliver_to}, {order.city} {order.pincode}
        </span>
        <span className="mt-1 flex flex-wrap justify-between gap-2 text-sm text-stone-700">
          <span>{t('admin.packing.items', { count: order.item_count })}</span>
          <span className="font-semibold">
            {order.collect_on_delivery !== null ? t('admin.packing.collect', { amount: formatRupees(toPaise(order.collect_on_delivery)) }) : t('admin.packing.prepaid')}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** /admin/packing: confirmed orders to pack and ship, oldest first; no prices but the cash to collect. Several can be selected to print their slips or ship them with one carrier. */
export default function PackingListScreen() {
  const t = useT();
  const list = usePackingList();
  const [selected, setSelected] = useState<string[]>([]);
  // The orders being shipped, fixed when the panel opens: once shipped they leave the list, and
  // the panel still says what became of each.
  const [shipping, setShipping] = useState<string[] | null>(null);
  if (list.isError) return <ErrorBox onRetry={() => void list.refetch()}>{t('admin.packing.loadFailed')}</ErrorBox>;
  if (!list.data) return <PageLoading />;
  const { data, count } = list.data;
  const toPack = data.filter((order) => !order.packed_at).length;
  const shown = new Set(data.map((order) => order.number));
  // An order shipped since (gone from the list) is no longer selected.
  const chosen = selected.filter((number) => shown.has(number));
  const toggle = (number: string) => setSelected((current) => (current.includes(number) ? current.filter((n) => n !== number) : [...current, number]));
  const allChosen = data.length > 0 && chosen.length === data.length;
  return (
    <AdminPage title={t('admin.packing.title')} intro={t('admin.packing.intro', { toPack, toShip: count - toPack })}>
      {data.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-700">{t('admin.packing.empty')}</p>
      ) : (
        <>
          <label className="mb-3 flex min-h-12 items-center gap-3 font-medium text-stone-900">
            <input type="checkbox" className="size-6 accent-green-800" checked={allChosen} onChange={() => setSelected(allChosen ? [] : data.map((order) => order.number))} />
            {t('desk.select.page')}
          </label>
          <ul className="space-y-3">
            {data.map((order) => (
              <OrderCard key={order.number} order={order} selected={chosen.includes(order.number)} onToggle={() => toggle(order.number)} />
            ))}
          </ul>
        </>
      )}
      {shipping ? (
        <div className="mt-4">
          <ShipSelected key={shipping.join(',')} numbers={shipping} onDone={(shipped) => setSelected((current) => current.filter((number) => !shipped.includes(number)))} />
        </div>
      ) : null}
      {chosen.length > 0 ? (
        <div role="region" aria-label={t('desk.select.count', { count: chosen.length })} className="sticky bottom-0 z-10 -mx-4 mt-3 flex flex-wrap items-center gap-2 border-t border-stone-300 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:mx-0 sm:rounded-xl sm:border">
          <span className="w-full font-semibold text-stone-900 sm:w-auto">{t('desk.select.count', { count: chosen.length })}</span>
          <Link to={adminPaths.packingPrint.getHref(chosen)} className="btn-secondary">
            {t('desk.bulk.slips')}
          </Link>
          <button type="button" className="btn-secondary" onClick={() => setShipping(chosen)} aria-expanded={shipping !== null}>
            {t('desk.bulk.ship')}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setSelected([]);
              setShipping(null);
            }}
          >
            {t('desk.select.clear')}
          </button>
        </div>
      ) : null}
    </AdminPage>
  );
}
