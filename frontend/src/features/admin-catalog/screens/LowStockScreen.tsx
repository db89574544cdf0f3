import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useLowStock } from '@/features/admin-catalog/api/products';
import { adminPaths } from '@/lib/admin-paths';

/** Variants on sale at or below their low-stock threshold, least stock first: what to reorder. */
export default function LowStockScreen() {
  const low = useLowStock();
  if (low.isError) return <ErrorBox onRetry={() => void low.refetch()}>The low-stock list could not be loaded.</ErrorBox>;
  if (!low.data) return <PageLoading />;
  const items = low.data.data;
  return (
    <AdminPage title="Low stock" intro="Variants on sale at or below their low-stock threshold, least stock first.">
      {items.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-6 text-center text-stone-700">Nothing is running low.</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {items.map((item) => (
            <li key={item.variant_id}>
              <Link to={adminPaths.product.getHref(item.product_id)} className="flex items-center justify-between gap-3 p-4 hover:bg-stone-50">
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-green-900">{item.product_name}</span>
                  <span className="block text-sm text-stone-600">
                    {item.variant_name ?? 'Single variant'} · SKU {item.sku}
                  </span>
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  <span className={`block text-lg font-bold ${item.stock === 0 ? 'text-red-800' : 'text-amber-800'}`}>{item.stock}</span>
                  <span className="block text-xs text-stone-600">alert at {item.low_stock_threshold}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
