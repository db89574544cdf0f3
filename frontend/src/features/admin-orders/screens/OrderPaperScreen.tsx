// The order's paper on its own page, ready to print on A4: the packing slip (no prices) or the
// tax invoice (the customer's own, from the order as it was placed).
import '@/components/order-paper/messages';
import PrinterIcon from '@heroicons/react/24/outline/PrinterIcon';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { TaxInvoice } from '@/components/order-paper/TaxInvoice';
import { OrderGate } from '@/features/admin-orders/components/OrderGate';
import { PackingSlip } from '@/features/admin-orders/components/PackingSlip';
import { orderUrl } from '@/features/admin-orders/urls';

export default function OrderPaperScreen({ paper }: { paper: 'invoice' | 'packing-slip' }) {
  return (
    <OrderGate>
      {(order) => (
        <AdminPage
          title={`${paper === 'invoice' ? 'Tax invoice' : 'Packing slip'} · ${order.number}`}
          actions={
            <>
              <Link to={orderUrl(order.number)} className="btn-secondary">
                Back to the order
              </Link>
              <button type="button" className="btn-primary" onClick={() => window.print()}>
                <PrinterIcon className="size-5" aria-hidden />
                Print
              </button>
            </>
          }
        >
          {paper === 'invoice' ? <TaxInvoice order={order} /> : <PackingSlip order={order} />}
        </AdminPage>
      )}
    </OrderGate>
  );
}
