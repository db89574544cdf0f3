// One order at the desk: what was bought (with the tax split), where it goes, how to reach the
// customer, the moves it may make, its payments, staff notes and the timeline of everything
// that happened to it; the packing slip and the tax invoice print from here.
import '@/components/order-paper/messages';
import '@/lib/desk-messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { OrderStatusBadge } from '@/components/order-paper/OrderStatusBadge';
import { formatDateTime } from '@/components/order-paper/order-format';
import { PostalAddressView } from '@/components/order-paper/PostalAddressView';
import { creditNoteAnchor, quantityWithUnit } from '@/components/order-paper/papers';
import { useT } from '@/lib/i18n';
import { formatPhone } from '@/lib/phone';
import { formatRupees, toPaise } from '@/lib/money';
import type { StaffOrder } from '@/types/orders-desk';
import { OrderGate } from '@/features/admin-orders/components/OrderGate';
import { MovePanel } from '@/features/admin-orders/components/MovePanel';
import { NotesPanel } from '@/features/admin-orders/components/NotesPanel';
import { OrderTimeline } from '@/features/admin-orders/components/OrderTimeline';
import { PaymentsPanel } from '@/features/admin-orders/components/PaymentsPanel';
import { ReturnsPanel } from '@/features/admin-orders/components/ReturnsPanel';
import { telLink, whatsAppLink } from '@/features/admin-orders/contact-links';
import { adminPaths } from '@/lib/admin-paths';

const money = (rupees: number) => formatRupees(toPaise(rupees));

const SUPPLY_NAMES = { nil_rated: 'nil-rated', exempt: 'exempt', non_gst: 'non-GST' } as const;

const DOCUMENT_NAMES: Record<StaffOrder['documents'][number]['kind'], string> = {
  tax_invoice: 'Tax invoice',
  bill_of_supply: 'Bill of supply',
  invoice_cum_bill: 'Invoice-cum-bill',
};

function Row({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-stone-200 pt-2 text-lg font-bold text-stone-900' : 'text-stone-800'}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

function Lines({ order }: { order: StaffOrder }) {
  const intra = order.place_of_supply === 'intra_state';
  const { totals } = order;
  return (
    <>
      <ul className="divide-y divide-stone-200">
        {order.lines.map((line) => (
          <li key={`${line.product_id}-${line.variant_id}`} className="flex justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">{line.product_name}</p>
              <p className="text-sm text-stone-700">
                {line.variant_name ? `${line.variant_name} · ` : ''}SKU {line.sku} · HSN {line.hsn_code}
              </p>
              <p className="text-sm text-stone-700">
                {quantityWithUnit(line, line.quantity)} × {money(line.unit_price)} ·{' '}
                {line.supply_kind === 'taxable' ? `GST ${Math.round(line.gst_rate * 1000) / 10}%` : SUPPLY_NAMES[line.supply_kind]}
              </p>
              {line.returned > 0 ? <p className="text-sm font-medium text-amber-900">{line.returned} came back</p> : null}
            </div>
            <p className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">{money(line.total)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3">
        <Row label={`Taxable value (${totals.item_count} ${totals.item_count === 1 ? 'item' : 'items'})`}>{money(totals.subtotal)}</Row>
        {intra ? (
          <>
            <Row label="CGST">{money(totals.cgst)}</Row>
            <Row label="SGST">{money(totals.sgst)}</Row>
          </>
        ) : (
          <Row label="IGST">{money(totals.igst)}</Row>
        )}
        <Row label="Shipping">
          {totals.shipping === 0 ? 'Free' : money(totals.shipping)}
          {totals.shipping_tax > 0 ? <span className="block text-sm text-stone-600">incl. GST {money(totals.shipping_tax)}</span> : null}
        </Row>
        <Row label="Total" strong>
          {money(totals.total)}
        </Row>
      </dl>
      <p className="mt-2 text-sm text-stone-600">
        Place of supply {order.place_of_supply_state.code}-{order.place_of_supply_state.name}: {intra ? 'within the state, CGST and SGST.' : 'another state, IGST.'}
      </p>
    </>
  );
}

function Customer({ order }: { order: StaffOrder }) {
  const { contact } = order;
  const sameAddress = JSON.stringify(order.billing_address) === JSON.stringify(order.shipping_address);
  return (
    <div className="space-y-4">
      <div>
        <p className="font-semibold text-stone-900">{contact.name}</p>
        <a href={`mailto:${contact.email}`} className="block break-all text-green-900 underline">
          {contact.email}
        </a>
        {/* An erased buyer's order keeps no phone (DPDP Act 2023): nothing to call. */}
        {contact.phone ? (
          <>
            <p className="tabular-nums">{formatPhone(contact.phone)}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <a href={telLink(contact.phone)} className="btn-secondary">
                Call
              </a>
              <a href={whatsAppLink(contact.phone)} target="_blank" rel="noopener noreferrer" className="btn-secondary">
                WhatsApp
              </a>
            </div>
          </>
        ) : null}
      </div>
      <div>
        <h3 className="font-semibold text-stone-900">Ship to</h3>
        <PostalAddressView address={order.shipping_address} />
      </div>
      <div>
        <h3 className="font-semibold text-stone-900">Bill to</h3>
        {order.business_name ? <p className="font-medium">{order.business_name}</p> : null}
        {sameAddress ? <p>Same as the shipping address</p> : <PostalAddressView address={order.billing_address} />}
        {order.gstin ? <p className="mt-1">GSTIN {order.gstin}</p> : null}
      </div>
      {order.notes ? (
        <div>
          <h3 className="font-semibold text-stone-900">The customer’s notes</h3>
          <p className="whitespace-pre-line">{order.notes}</p>
        </div>
      ) : null}
    </div>
  );
}

function OrderDesk({ order }: { order: StaffOrder }) {
  const t = useT();
  return (
    <AdminPage
      title={`Order ${order.number}`}
      intro={
        <span className="flex flex-wrap items-center gap-2">
          Placed {formatDateTime(order.placed_at)} <OrderStatusBadge status={order.status} />
          {order.phone_order ? (
            <span className="w-full text-sm font-medium text-stone-800" data-testid="taken-by">
              {t('desk.phone.takenBy', { name: order.phone_order.taken_by ?? '—' })}
            </span>
          ) : null}
        </span>
      }
      actions={
        <>
          <Link to={adminPaths.packingSlip.getHref(order.number)} className="btn-secondary">
            Packing slip
          </Link>
          {order.documents.map((document, index) => (
            <Link
              key={document.number}
              to={`${adminPaths.invoice.getHref(order.number)}#${index === 0 ? 'tax-invoice' : `document-${document.number}`}`}
              className="btn-secondary"
            >
              {DOCUMENT_NAMES[document.kind]} {document.number}
            </Link>
          ))}
          {order.credit_notes.map((note) => (
            <Link key={note.number} to={`${adminPaths.creditNote.getHref(order.number)}#${creditNoteAnchor(note)}`} className="btn-secondary">
              Credit note {note.number}
            </Link>
          ))}
        </>
      }
    >
      <Link to={adminPaths.orders.getHref()} className="mb-4 inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline">
        ← All orders
      </Link>
      <div className="grid items-start gap-5 xl:grid-cols-3">
        <div className="space-y-5 xl:col-span-2">
          <Panel title="Move the order">
            {order.carrier && order.tracking_number ? (
              <p className="mb-3 text-stone-800" data-testid="shipment">
                Shipped with {order.carrier}, tracking number <span className="font-semibold">{order.tracking_number}</span>
              </p>
            ) : null}
            {order.cancel_reason ? <p className="mb-3 text-stone-800">Cancelled: {order.cancel_reason}</p> : null}
            <MovePanel order={order} />
          </Panel>
          <Panel title={`Items (${order.totals.item_count})`}>
            <Lines order={order} />
          </Panel>
          {order.can_return || order.returns.length > 0 ? (
            <Panel title={t('desk.returns.panel')}>
              <ReturnsPanel order={order} />
            </Panel>
          ) : null}
          <Panel title="Timeline">
            <OrderTimeline entries={order.timeline} />
          </Panel>
        </div>
        <div className="space-y-5">
          <Panel title="Customer">
            <Customer order={order} />
          </Panel>
          <Panel title="Payment">
            <PaymentsPanel order={order} />
          </Panel>
          <Panel title="Staff notes">
            <NotesPanel order={order} />
          </Panel>
        </div>
      </div>
    </AdminPage>
  );
}

export default function OrderScreen() {
  return <OrderGate>{(order) => <OrderDesk order={order} />}</OrderGate>;
}
