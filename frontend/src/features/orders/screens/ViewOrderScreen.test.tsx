import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '@/testing/api-mock';
import { interStateOrder, order, shopWithPayment, states } from '@/testing/orders';
import { renderWithApp } from '@/testing/render';
import type { Order } from '@/types/orders';
import { ViewOrderScreen } from '@/features/orders/screens/ViewOrderScreen';

function setup(answer: Order | (() => Response)) {
  mockApi({
    'GET /api/shop': () => shopWithPayment,
    'GET /api/states': () => states,
    [`GET /api/orders/${order().uuid}`]: typeof answer === 'function' ? answer : () => answer,
  });
  return renderWithApp(<ViewOrderScreen uuid={order().uuid} />);
}

describe('the order page', () => {
  it('shows the lines, totals with CGST and SGST, addresses and the status with its date', async () => {
    setup(order());
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-2026-000042' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cardamom Booster' })).toHaveAttribute('href', '/dealer/malabar-agrochem/cardamom-booster');
    expect(screen.getAllByText('Order placed').length).toBeGreaterThan(0);
    // 09:30 UTC is 3:00 pm in India.
    expect(screen.getByText(/22 Nov 2026, 3:00\s?pm/i)).toBeInTheDocument();
    expect(screen.getByText('Same as the delivery address')).toBeInTheDocument();
    expect(document.title).toContain('Order ORD-2026-000042');
  });

  it('shows who carries a shipped order and its tracking number', async () => {
    setup(
      order({
        status: 'shipped',
        status_history: [
          { status: 'placed', at: '2026-11-22T09:30:12' },
          { status: 'shipped', at: '2026-11-23T04:00:00' },
        ],
        carrier: 'India Post',
        tracking_number: 'EK123456789IN',
      }),
    );
    expect(await screen.findByTestId('tracking')).toHaveTextContent('With India Post, tracking number EK123456789IN');
    expect(screen.queryByRole('link', { name: 'Follow the parcel' })).not.toBeInTheDocument();
  });

  it('links the carrier’s tracking page when the shop lists the carrier', async () => {
    setup(
      order({
        status: 'shipped',
        status_history: [
          { status: 'placed', at: '2026-11-22T09:30:12' },
          { status: 'shipped', at: '2026-11-23T04:00:00' },
        ],
        carrier: 'Hill Parcels',
        tracking_number: 'HP12345678',
        tracking_url: 'https://parcels.test.example/track/HP12345678',
      }),
    );
    const link = await screen.findByRole('link', { name: 'Follow the parcel' });
    expect(link).toHaveAttribute('href', 'https://parcels.test.example/track/HP12345678');
    // The page's address may hold a link's key: the carrier is not told it.
    expect(link).toHaveAttribute('rel', expect.stringContaining('noreferrer'));
  });

  it('prints a GST tax invoice: seller, buyer, place of supply, HSN per line, CGST + SGST, totals in words', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    setup(order());
    const invoice = await screen.findByRole('article', { name: 'Tax Invoice' });
    const inside = within(invoice);
    expect(inside.getByText('32AAAAA0000A1Z5')).toBeInTheDocument();
    expect(inside.getByText('Test Agri Inputs Private Limited')).toBeInTheDocument();
    expect(inside.getByTestId('place-of-supply')).toHaveTextContent('32-Kerala');
    expect(inside.getByText('Authorised signatory')).toBeInTheDocument();
    expect(inside.getByText('For Test Agri Inputs Private Limited')).toBeInTheDocument();
    expect(inside.getByText('Intra-state (CGST + SGST)')).toBeInTheDocument();
    // Each HSN twice: its goods and its share of the delivery charge.
    expect(inside.getAllByText('31059090')).toHaveLength(2);
    expect(inside.getAllByText('31010099')).toHaveLength(2);
    expect(inside.getByRole('columnheader', { name: 'CGST' })).toBeInTheDocument();
    expect(inside.getByRole('columnheader', { name: 'SGST' })).toBeInTheDocument();
    expect(inside.queryByRole('columnheader', { name: 'IGST' })).not.toBeInTheDocument();
    const rows = inside.getAllByRole('row');
    // Header, two lines each followed by its share of the delivery charge, the totals row.
    expect(rows).toHaveLength(6);
    expect(within(rows[3] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '2',
      'Neem Cake PowderSKU: NEEM-5',
      '31010099',
      '1 (5 KGS)',
      '₹105.21',
      '₹100.20',
      '5%',
      '₹2.512.5%',
      '₹2.502.5%',
      '₹105.21',
    ]);
    // ₹8.10 of the ₹99 delivery, taxed at the line's 5 %.
    expect(within(rows[4] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '',
      'Delivery charge, share',
      '31010099',
      '',
      '',
      '₹7.71',
      '5%',
      '₹0.20',
      '₹0.19',
      '₹8.10',
    ]);
    // Goods and delivery: ₹1,100.20 + ₹84.74 taxable, CGST ₹92.51 + ₹7.14, SGST ₹92.50 + ₹7.12.
    expect(inside.getByText('₹1,184.94', { selector: 'dd' })).toBeInTheDocument();
    expect(inside.getByText('₹99.65', { selector: 'dd' })).toBeInTheDocument();
    expect(inside.getByText('₹99.62', { selector: 'dd' })).toBeInTheDocument();
    expect(inside.getByTestId('invoice-total')).toHaveTextContent('₹1,384.21');
    expect(inside.getByText('Rupees One Thousand Three Hundred Eighty-Four and Paise Twenty-One Only')).toBeInTheDocument();
    // The invoice's own series and date, and the rules' other facts.
    expect(inside.getByText('WR/26-27/000042')).toBeInTheDocument();
    expect(inside.getByText('22 Nov 2026')).toBeInTheDocument();
    expect(inside.getByText('Tax payable on reverse charge').nextElementSibling).toHaveTextContent('No');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Print invoice' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('has no invoice to print before the order is confirmed', async () => {
    setup(order({ invoice: null }));
    expect(await screen.findByTestId('invoice-pending')).toHaveTextContent('issued when we confirm your order');
    expect(screen.queryByRole('article', { name: 'Tax Invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print invoice' })).not.toBeInTheDocument();
  });

  it('shows the credit note that reverses the invoice of an order cancelled afterwards', async () => {
    const invoice = { kind: 'tax_invoice', number: 'WR/26-27/000042', date: '2026-11-22', eway_bill_number: '331000123456' } as const;
    setup(
      order({
        status: 'cancelled',
        invoice,
        documents: [invoice],
        credit_notes: [{ number: 'WRCN/26-27/00007', date: '2026-11-25', reason: 'Refused at delivery', against: 'WR/26-27/000042', return_id: null }],
      }),
    );
    expect(await screen.findByTestId('credit-note-notice')).toHaveTextContent('credit note WRCN/26-27/00007 of 25 Nov 2026 reverses the invoice');
    const note = screen.getByRole('article', { name: 'Credit Note' });
    expect(note.parentElement).toHaveAttribute('id', 'credit-note-WRCN/26-27/00007');
    expect(within(note).getByText('WRCN/26-27/00007')).toBeInTheDocument();
    expect(within(note).getByTestId('credited-document')).toHaveTextContent('WR/26-27/000042 · 22 Nov 2026Tax Invoice');
    expect(within(note).getByText('Refused at delivery')).toBeInTheDocument();
    expect(within(note).getByTestId('invoice-total')).toHaveTextContent('₹1,384.21');
    const paper = screen.getByRole('article', { name: 'Tax Invoice' });
    expect(within(paper).getByText('331000123456')).toBeInTheDocument();
    expect(paper.parentElement).toHaveAttribute('id', 'tax-invoice');
  });

  it('shows IGST and the buyer’s GSTIN and business name for a business in another state', async () => {
    setup(interStateOrder());
    const invoice = await screen.findByRole('article', { name: 'Tax Invoice' });
    const inside = within(invoice);
    expect(inside.getByTestId('place-of-supply')).toHaveTextContent('33-Tamil Nadu');
    expect(inside.getByText('Inter-state (IGST)')).toBeInTheDocument();
    expect(inside.getByRole('columnheader', { name: 'IGST' })).toBeInTheDocument();
    expect(inside.queryByRole('columnheader', { name: 'CGST' })).not.toBeInTheDocument();
    expect(inside.getByText('Kongu Estates')).toBeInTheDocument();
    expect(inside.getByText('33ABCDE1234F1Z5')).toBeInTheDocument();
    expect(inside.getByText('₹199.27', { selector: 'dd' })).toBeInTheDocument();
  });

  it('says so when the order does not exist (or is not this shopper’s)', async () => {
    setup(() => json({ message: 'Order not found.' }, { status: 404 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });

  it('shows how to pay while a bank transfer is awaited', async () => {
    setup(order({ payment_method: 'bank_transfer', status: 'awaiting_payment', status_history: [{ status: 'awaiting_payment', at: '2026-11-22T09:30:12' }] }));
    expect(await screen.findByRole('heading', { name: 'How to pay: bank transfer or UPI' })).toBeInTheDocument();
    expect(await screen.findByText('SBIN0001234')).toBeInTheDocument();
  });
});
