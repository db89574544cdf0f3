// The order's papers on their own page, ready to print on A4: the packing slip (no prices), its
// GST documents (tax invoice, bill of supply or invoice-cum-bill, from the order as it was placed)
// or its credit notes. An order has documents once confirmed, and credit notes once cancelled
// afterwards or when goods come back.
import '@/components/order-paper/messages';
import PrinterIcon from '@heroicons/react/24/outline/PrinterIcon';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { OrderPapers, isInvoiced } from '@/components/order-paper/TaxInvoice';
import { OrderGate } from '@/features/admin-orders/components/OrderGate';
import { PackingSlip } from '@/features/admin-orders/components/PackingSlip';
import type { StaffOrder } from '@/types/orders-desk';
import { adminPaths } from '@/lib/admin-paths';

type Paper = 'invoice' | 'packing-slip' | 'credit-note';

const DOCUMENT_TITLES: Record<StaffOrder['documents'][number]['kind'], string> = {
  tax_invoice: 'Tax invoice',
  bill_of_supply: 'Bill of supply',
  invoice_cum_bill: 'Invoice-cum-bill of supply',
};

function titleOf(order: StaffOrder, paper: Paper): string {
  if (paper === 'packing-slip') return 'Packing slip';
  if (paper === 'credit-note') return order.credit_notes.length > 1 ? 'Credit notes' : 'Credit note';
  const kinds = order.documents.map((document) => DOCUMENT_TITLES[document.kind]);
  return kinds.length > 0 ? kinds.join(' and ') : 'Tax invoice';
}

function PaperFor({ order, paper }: { order: StaffOrder; paper: Paper }) {
  if (paper === 'packing-slip') return <PackingSlip order={order} />;
  if (!isInvoiced(order)) {
    return <p className="rounded-lg border border-stone-200 bg-white p-4">This order has no tax invoice yet: it is issued when the order is confirmed.</p>;
  }
  if (paper === 'credit-note' && order.credit_notes.length === 0) {
    return (
      <p className="rounded-lg border border-stone-200 bg-white p-4">
        This order has no credit note: one is issued when an invoiced order is cancelled, or when goods come back.
      </p>
    );
  }
  return <Papers order={order} show={paper === 'credit-note' ? 'credit-notes' : 'documents'} />;
}

/** The papers; a link to one of them (`#credit-note-…`) scrolls to it once they are drawn. */
function Papers({ order, show }: { order: StaffOrder; show: 'documents' | 'credit-notes' }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  return (
    <div className="space-y-6">
      <OrderPapers order={order} show={show} />
    </div>
  );
}

export default function OrderPaperScreen({ paper }: { paper: Paper }) {
  return (
    <OrderGate>
      {(order) => (
        <AdminPage
          title={`${titleOf(order, paper)} · ${order.number}`}
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
