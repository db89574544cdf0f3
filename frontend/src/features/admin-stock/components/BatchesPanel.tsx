// A product's batches on its screen: each batch's dates, units and cost, with dating, disposal
// and adjustment. A product not kept by batch has none, and the panel says nothing.
import { Link } from 'react-router';
import { Panel } from '@/components/admin/AdminPage';
import { adminStockPaths } from '@/features/admin-stock/urls';
import { useProductBatches } from '@/features/admin-stock/api/stock';
import { BatchCard } from '@/features/admin-stock/components/BatchCard';

export function BatchesPanel({ productId }: { productId: number }) {
  const batches = useProductBatches(productId);
  if (batches.isError) return <p role="alert">The batches could not be loaded.</p>;
  const rows = batches.data?.data ?? [];
  if (rows.length === 0) return null;
  const held = rows.filter((batch) => batch.quantity > 0);
  const emptied = rows.length - held.length;
  return (
    <Panel
      title="Batches"
      actions={
        <Link to={adminStockPaths.receipts} className="font-medium text-green-800 underline">
          Record a receipt
        </Link>
      }
    >
      <p className="text-sm text-stone-600">Soonest expiry first: orders take units from the batch that expires first. {emptied > 0 ? `${emptied} emptied ${emptied === 1 ? 'batch is' : 'batches are'} not shown.` : ''}</p>
      <ul className="divide-y divide-stone-200" aria-label="Batches">
        {held.map((batch) => (
          <BatchCard key={batch.id} batch={batch} />
        ))}
      </ul>
    </Panel>
  );
}
