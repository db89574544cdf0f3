// Expiry: batches expiring soon (sell them first or return them in time), expired batches
// segregated and waiting for disposal (Insecticides Rules 1971 r. 10A), and undated batches
// to date from their labels.
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { useBatchList } from '@/features/admin-stock/api/stock';
import { BatchCard } from '@/features/admin-stock/components/BatchCard';

const LISTS = [
  { which: 'expired', title: 'Expired: segregate and dispose of', empty: 'No expired stock is held.' },
  { which: 'expiring', title: 'Expiring soon', empty: 'Nothing expires within the window.' },
  { which: 'undated', title: 'Undated: give their dates', empty: 'Every batch has its dates.' },
] as const;

function BatchList({ which, title, empty }: (typeof LISTS)[number]) {
  const list = useBatchList(which);
  return (
    <Panel title={list.data ? `${title} (${list.data.data.length})` : title}>
      {list.isError && !list.data ? (
        <ErrorBox onRetry={() => void list.refetch()}>The list could not be loaded.</ErrorBox>
      ) : !list.data ? (
        <p role="status">Loading…</p>
      ) : list.data.data.length === 0 ? (
        <p className="text-stone-700">{empty}</p>
      ) : (
        <ul className="-mt-3 divide-y divide-stone-200" aria-label={title}>
          {list.data.data.map((batch) => (
            <BatchCard key={batch.id} batch={batch} showProduct />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export default function ExpiryScreen() {
  return (
    <AdminPage title="Expiry" intro="Expired stock is never sold: it leaves sale at midnight (India time) and waits here to be disposed of.">
      <div className="space-y-5">
        {LISTS.map((list) => (
          <BatchList key={list.which} {...list} />
        ))}
      </div>
    </AdminPage>
  );
}
