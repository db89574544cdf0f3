// A customer's page: who they are, what they bought, their orders (each opening on the orders
// desk, guest orders placed with their verified number or e-mail too), saved addresses, staff's
// note and their rights over their data. Staff can mail them a password-reset link; they never
// see or set the password.
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import { Pager } from '@/components/admin/Pager';
import { ErrorBox } from '@/components/ErrorBox';
import { FormAlert } from '@/components/form/FormAlert';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { formatLocalDate, formatLocalDateTime } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import type { Customer } from '@/types/day-desk';
import { CUSTOMER_ORDERS_PER_PAGE, useCustomer, useCustomerOrders, useSendPasswordReset } from '@/features/admin-customers/api/customers';
import { BriefOrders } from '@/features/admin-customers/components/BriefOrders';
import { DataRightsPanel, NotePanel, PersonFigures } from '@/features/admin-customers/components/PersonPanels';
import { addressLines } from '@/features/admin-customers/customer-format';
import { adminPaths } from '@/lib/admin-paths';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="break-words text-stone-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function PasswordReset({ customer }: { customer: Customer }) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const send = useSendPasswordReset();
  const confirm = () =>
    send.mutate(customer.id, {
      onSuccess: () => toast.success('Reset mail sent', `${customer.name} will get a link at ${customer.email} to choose a new password (valid for an hour).`),
      onSettled: () => setAsking(false),
    });
  return (
    <div>
      <button type="button" className="btn-secondary" disabled={send.isPending} onClick={() => setAsking(true)}>
        Send password reset mail
      </button>
      {send.isError ? (
        <div className="mt-3">
          <FormAlert>{isApiError(send.error) ? send.error.message : 'The shop could not be reached. Please try again.'}</FormAlert>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Send a password reset mail?"
        message={`${customer.email} will get the shop's usual mail with a link to choose a new password. Their current password keeps working until they use it.`}
        confirmLabel="Send the mail"
        pending={send.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

function Orders({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(customerId, page);
  if (orders.isError) return <ErrorBox onRetry={() => void orders.refetch()}>The orders could not be loaded.</ErrorBox>;
  if (!orders.data) return <p role="status">Loading orders…</p>;
  const { data, total, has_more: hasMore } = orders.data;
  return (
    <>
      <BriefOrders orders={data} dimmed={orders.isPlaceholderData} />
      {data.length > 0 ? <Pager page={page} pages={Math.max(1, Math.ceil(total / CUSTOMER_ORDERS_PER_PAGE))} hasMore={hasMore} onPage={setPage} /> : null}
    </>
  );
}

export default function CustomerScreen() {
  const id = Number(useParams().id);
  const detail = useCustomer(id);
  if (detail.isError) {
    return isApiError(detail.error, 404) ? (
      <AdminPage title="Customer not found">
        <p className="text-stone-700">There is no customer with this number. Staff accounts are on the staff page.</p>
        <Link to={adminPaths.customers.getHref()} className="btn-primary mt-4">
          All customers
        </Link>
      </AdminPage>
    ) : (
      <ErrorBox onRetry={() => void detail.refetch()}>The customer could not be loaded.</ErrorBox>
    );
  }
  if (!detail.data) return <PageLoading />;
  const { customer, addresses, person } = detail.data;
  const target = { kind: 'account', id: customer.id } as const;
  return (
    <AdminPage
      title={customer.name}
      intro={
        <Link to={adminPaths.customers.getHref()} className="font-medium text-green-800 underline">
          All customers
        </Link>
      }
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Details">
          <dl className="divide-y divide-stone-100">
            <Fact label="E-mail">
              <a href={`mailto:${customer.email}`} className="text-green-800 underline">
                {customer.email}
              </a>{' '}
              <span className="text-sm text-stone-600">{customer.email_verified_at ? '(verified)' : '(not verified)'}</span>
            </Fact>
            <Fact label="Phone">
              {customer.phone ? (
                <a href={`tel:${customer.phone}`} className="text-green-800 underline tabular-nums">
                  {formatPhone(customer.phone)}
                </a>
              ) : (
                'Not given'
              )}
            </Fact>
            <Fact label="Customer since">{formatLocalDate(customer.created_at)}</Fact>
            {customer.disabled_at ? <Fact label="Disabled">{formatLocalDateTime(customer.disabled_at)}</Fact> : null}
          </dl>
          <div className="mt-4">
            <PersonFigures person={person} />
          </div>
          <div className="mt-4 border-t border-stone-200 pt-4">
            <PasswordReset customer={customer} />
          </div>
        </Panel>
        <Panel title="Saved addresses">
          {addresses.length === 0 ? (
            <p className="text-stone-700">No saved addresses.</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              {addresses.map((address) => (
                <li key={address.id} className="rounded-lg border border-stone-200 p-3 text-sm">
                  <p className="font-semibold text-stone-900">
                    {address.label ?? 'Address'}
                    {address.is_default ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-900">Default</span> : null}
                  </p>
                  {addressLines(address).map((line) => (
                    <p key={line} className="break-words text-stone-700">
                      {line}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <div className="mt-4">
        <NotePanel target={target} note={person.note} />
      </div>
      <div className="mt-4">
        <Panel title="Orders">
          <Orders customerId={customer.id} />
        </Panel>
      </div>
      <div className="mt-4">
        <DataRightsPanel target={target} name={customer.name} />
      </div>
    </AdminPage>
  );
}
