// The order's paper on its own page, ready to print on A4: the packing slip (no prices), the tax
// invoice (the customer's own, from the order as it was placed) or the credit note that reversed
// it. An order has an invoice once confirmed, and a credit note only if cancelled afterwards.
import '@/components/order-paper/messages';
import PrinterIcon from '@heroicons/react/24/outline/PrinterIcon';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { TaxInvoice, isInvoiced } from '@/components/order-paper/TaxInvoice';
import { OrderGate } from '@/features/admin-orders/components/OrderGate';
import { PackingSlip } from '@/features/admin-orders/components/PackingSlip';
import type { StaffOrder } from '@/types/orders-desk';
import { adminPaths } from '@/lib/admin-paths';

type Paper = 'invoice' | 'packing-slip' | 'credit-note';

const TITLES: Record<Paper, string> = { invoice: 'Tax invoice', 'packing-slip': 'Packing slip', 'credit-note': 'Credit note' };

function PaperFor({ order, paper }: { order: StaffOrder; paper: Paper }) {
  if (paper === 'packing-slip') return <PackingSlip order={order} />;
  if (!isInvoiced(order)) {
    return <p className="rounded-lg border border-stone-200 bg-white p-4">This order has no tax invoice yet: it is issued when the order is confirmed.</p>;
  }
  if (paper === 'credit-note' && !order.credit_note) {
    return <p className="rounded-lg border border-stone-200 bg-white p-4">This order has no credit note: one is issued when an invoiced order is cancelled.</p>;
  }
  return <TaxInvoice order={order} paper={paper === 'credit-note' ? 'credit-note' : 'invoice'} />;
}

export default function OrderPaperScreen({ paper }: { paper: Paper }) {
  return (
    <OrderGate>
      {(order) => (
        <AdminPage
          title={`${TITLES[paper]} · ${order.number}`}
          actions={
            <>
              <Link to={adminPaths.order.getHref(order.number)} className="btn-secondary">
                Back to the order
              </Link>
              <button type="button" className="btn-primary" onClick={() => window.print()}>
                <PrinterIcon className="size-5" aria-hidden />
                Print
              </button>
            </>
          }
        >
          <PaperFor order={order} paper={paper} />
        </AdminPage>
      )}
    </OrderGate>
  );
}
