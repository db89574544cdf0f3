import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockApi } from '@/testing/api-mock';
import { order, shopWithPayment } from '@/testing/orders';
import { renderWithApp } from '@/testing/render';
import type { Order } from '@/types/orders';
import { OrderConfirmationScreen } from '@/features/orders/screens/OrderConfirmationScreen';

function setup(placed: Order) {
  mockApi({ 'GET /api/shop': () => shopWithPayment, [`GET /api/orders/${placed.uuid}`]: () => placed });
  renderWithApp(<OrderConfirmationScreen uuid={placed.uuid} />);
}

describe('the order confirmation', () => {
  it('thanks the shopper, gives the number and asks for cash on delivery', async () => {
    setup(order());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('ORD-2026-000042');
    expect(screen.getByText('We have sent a confirmation to anil@example.test.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay cash on delivery' })).toBeInTheDocument();
    expect(screen.getByText('Please keep ₹1,384.21 ready when your order arrives.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/view-order/${order().uuid}`);
  });

  it('gives the shop’s bank and UPI details, the amount and the order number as reference for a bank transfer', async () => {
    setup(order({ payment_method: 'bank_transfer', status: 'awaiting_payment' }));
    const box = (await screen.findByRole('heading', { name: 'How to pay: bank transfer or UPI' })).parentElement as HTMLElement;
    const details = within(box);
    expect(await details.findByText('State Bank of India')).toBeInTheDocument();
    for (const text of [ 'Test Agri Inputs Pvt Ltd', '12345678901', 'SBIN0001234', 'Kattappana', 'testagri@sbi', '₹1,384.21']) {
      expect(details.getByText(text)).toBeInTheDocument();
    }
    expect(details.getByText('Reference').nextElementSibling).toHaveTextContent('ORD-2026-000042');
    const upi = details.getByRole('link', { name: 'Pay ₹1,384.21 with a UPI app' });
    // The same link as the server's (crates/orders/src/payment/upi.rs) puts in the mail and the QR code.
    expect(upi.getAttribute('href')).toBe('upi://pay?pa=testagri%40sbi&pn=Test+Agri+Inputs+Pvt+Ltd&am=1384.21&cu=INR&tn=ORD-2026-000042');
    const qr = details.getByRole('img', { name: 'UPI QR code to pay ₹1,384.21 for ORD-2026-000042' });
    expect(qr.getAttribute('src')).toBe(`/api/orders/${order().uuid}/upi-qr.png`);
    expect(screen.getByText(/Pay ₹1,384.21 by bank transfer or UPI/)).toBeInTheDocument();
  });

  it('names each product in the page language, as the server reads it for the shopper', async () => {
    const english = order();
    const placed = order({ lines: english.lines.map((line, index) => ({ ...line, shown_name: ['ഏലം ബൂസ്റ്റർ', 'വേപ്പിൻ പിണ്ണാക്ക് പൊടി'][index] ?? line.shown_name })) });
    setup(placed);
    const summary = within((await screen.findByRole('heading', { name: 'Your order' })).parentElement as HTMLElement);
    expect(summary.getByRole('link', { name: 'ഏലം ബൂസ്റ്റർ' })).toBeInTheDocument();
    expect(summary.queryByText(english.lines[0]?.product_name ?? '')).not.toBeInTheDocument();
  });

  it('without an e-mail address promises no mail, shows the lines and offers the order to the shop on WhatsApp', async () => {
    const placed = order({ contact: { ...order().contact, email: null } });
    setup(placed);
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' });
    expect(screen.queryByText(/We have sent a confirmation/)).not.toBeInTheDocument();
    expect(screen.getByText(/with it and your mobile number .* you can find this order again/)).toBeInTheDocument();
    const summary = within(screen.getByRole('heading', { name: 'Your order' }).parentElement as HTMLElement);
    for (const line of placed.lines) expect(summary.getByText(line.product_name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find my order' })).toHaveAttribute('href', '/find-order');
    const href = (await screen.findByRole('link', { name: 'Send to the shop on WhatsApp' })).getAttribute('href') ?? '';
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${shopWithPayment.whatsapp.replace(/\D/g, '')}`);
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain(placed.number);
    expect(text).toContain('Total: ₹1,384.21');
    expect(text).toContain('Payment: Cash on delivery');
    for (const line of placed.lines) expect(text).toContain(`${line.quantity} × ${line.product_name}`);
  });
});
