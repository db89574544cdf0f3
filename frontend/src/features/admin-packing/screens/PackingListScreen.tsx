import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { adminPaths } from '@/lib/admin-paths';
import { usePackingList } from '@/features/admin-packing/api/packing';

/** /admin/packing: confirmed orders to pack and ship, oldest first; no prices but the cash to collect. */
export default function PackingListScreen() {
  const t = useT();
  const list = usePackingList();
  if (list.isError) return <ErrorBox onRetry={() => void list.refetch()}>{t('admin.packing.loadFailed')}</ErrorBox>;
  if (!list.data) return <PageLoading />;
  const { data, count } = list.data;
  const toPack = data.filter((order) => !order.packed_at).length;
  return (
    <AdminPage title={t('admin.packing.title')} intro={t('admin.packing.intro', { toPack, toShip: count - toPack })}>
      {data.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-700">{t('admin.packing.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {data.map((order) => (
            <li key={order.number}>
              <Link to={adminPaths.packingOrder.getHref(order.number)} className="block rounded-xl border border-stone-200 bg-white p-4 hover:bg-stone-50">
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
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
