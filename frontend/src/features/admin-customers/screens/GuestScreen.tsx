// A guest's page: someone who ordered without an account (their orders joined by phone number or
// e-mail address), with what they bought, staff's note and their rights over their data.
import { Link, useParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { isApiError } from '@/lib/api-client';
import { formatLocalDate } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import { useGuest } from '@/features/admin-customers/api/customers';
import { BriefOrders } from '@/features/admin-customers/components/BriefOrders';
import { DataRightsPanel, NotePanel, PersonFigures } from '@/features/admin-customers/components/PersonPanels';
import { adminPaths } from '@/lib/admin-paths';

export default function GuestScreen() {
  const key = useParams().key ?? '';
  const guest = useGuest(key);
  if (guest.isError) {
    return isApiError(guest.error, 404) ? (
      <AdminPage title="Customer not found">
        <p className="text-stone-700">There is no such guest (their data may have been erased).</p>
        <Link to={adminPaths.customers.getHref()} className="btn-primary mt-4">
          All customers
        </Link>
      </AdminPage>
    ) : (
      <ErrorBox onRetry={() => void guest.refetch()}>The customer could not be loaded.</ErrorBox>
    );
  }
  if (!guest.data) return <PageLoading />;
  const { person, orders } = guest.data;
  const target = { kind: 'guest', key } as const;
  return (
    <AdminPage
      title={person.name}
      intro={
        <Link to={adminPaths.customers.getHref()} className="font-medium text-green-800 underline">
          All customers
        </Link>
      }
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Guest (no account)">
          <dl className="space-y-2 break-words">
            <div>
              <dt className="text-sm font-medium text-stone-600">Phone</dt>
              <dd>
                {person.phone ? (
                  <a href={`tel:${person.phone}`} className="text-green-800 underline tabular-nums">
                    {formatPhone(person.phone)}
                  </a>
                ) : (
                  'Not given'
                )}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-stone-600">E-mail</dt>
              <dd>{person.email ? <a href={`mailto:${person.email}`} className="text-green-800 underline">{person.email}</a> : 'Not given'}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-stone-600">First order</dt>
              <dd>{formatLocalDate(person.since)}</dd>
            </div>
          </dl>
          <div className="mt-4">
            <PersonFigures person={person} />
          </div>
        </Panel>
        <NotePanel target={target} note={person.note} />
      </div>
      <div className="mt-4">
        <Panel title="Orders">
          <BriefOrders orders={orders} />
        </Panel>
      </div>
      <div className="mt-4">
        <DataRightsPanel target={target} name={person.name} />
      </div>
    </AdminPage>
  );
}
