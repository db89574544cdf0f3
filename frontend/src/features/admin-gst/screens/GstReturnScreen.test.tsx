import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { admin, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import GstReturnScreen from '@/features/admin-gst/screens/GstReturnScreen';
import type { Gstr1Overview, Gstr3bOverview } from '@/features/admin-gst/api/gst-return';

const november: Gstr1Overview = {
  period: '2026-11',
  first_day: '2026-11-01',
  last_day: '2026-11-30',
  totals: { invoices: 7, credit_notes: 3, value: 9369, taxable: 8628.16, igst: 100, cgst: 320.42, sgst: 320.42 },
  files: [
    { name: 'b2b', rows: 2 },
    { name: 'b2cl', rows: 1 },
    { name: 'b2cs', rows: 5 },
    { name: 'cdnr', rows: 1 },
    { name: 'cdnur', rows: 1 },
    { name: 'hsn_b2b', rows: 1 },
    { name: 'hsn_b2c', rows: 4 },
    { name: 'docs', rows: 2 },
  ],
};

const gstr3b: Gstr3bOverview = {
  period: '112026',
  rows: [
    { section: '3.1(a)', description: 'Outward taxable supplies (other than zero rated, nil rated and exempted)', place_of_supply: null, taxable: 8628.16, igst: 100, cgst: 320.42, sgst: 320.42 },
    { section: '3.1(c)', description: 'Other outward supplies (nil rated, exempted)', place_of_supply: null, taxable: 250, igst: null, cgst: null, sgst: null },
    { section: '3.1(e)', description: 'Non-GST outward supplies', place_of_supply: null, taxable: 0, igst: null, cgst: null, sgst: null },
    { section: '3.2', description: 'Supplies made to unregistered persons', place_of_supply: '33-Tamil Nadu', taxable: 555.56, igst: 100, cgst: null, sgst: null },
  ],
};

function backend(answer: (call: MockCall) => unknown = () => november) {
  withSession();
  return mockApi({ 'GET /api/shop': () => shop, 'GET /api/user': () => admin, 'GET /api/admin/gst/gstr1': answer, 'GET /api/admin/gst/gstr3b': () => gstr3b });
}

describe('GST returns', () => {
  it('shows the chosen month’s figures and files, and downloads them as a ZIP', async () => {
    const api = backend();
    renderWithApp(<GstReturnScreen />, { route: '/admin/gst?kind=month&period=2026-11', path: '/admin/gst' });
    const figures = await screen.findByTestId('gst-figures');
    expect(within(figures).getByText('Invoices issued').nextElementSibling).toHaveTextContent('7');
    expect(within(figures).getByText('Value invoiced, GST included (net)').nextElementSibling).toHaveTextContent('₹9,369.00');
    expect(screen.getByText('b2cs.csv').parentElement?.nextElementSibling).toHaveTextContent('5 rows');
    expect(Object.fromEntries(api.callsTo('/api/admin/gst/gstr1')[0]?.url.searchParams ?? [])).toEqual({ month: '2026-11' });
    expect(screen.getByRole('link', { name: 'Download GSTR-1 files (ZIP)' })).toHaveAttribute('href', '/api/admin/gst/gstr1.zip?month=2026-11');
  });

  it('switches to quarters, named as the financial year counts them', async () => {
    const api = backend();
    renderWithApp(<GstReturnScreen />, { route: '/admin/gst?kind=month&period=2026-11', path: '/admin/gst' });
    await screen.findByTestId('gst-figures');
    await userEvent.click(screen.getByRole('radio', { name: 'Quarterly' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('kind=quarter'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Quarter' }), '2026-10');
    expect(screen.getByRole('option', { name: 'Oct – Dec 2026 (Q3 of 2026-27)' })).toHaveProperty('selected', true);
    await waitFor(() => expect(Object.fromEntries(api.callsTo('/api/admin/gst/gstr1').at(-1)?.url.searchParams ?? [])).toEqual({ quarter: '2026-10' }));
    expect(screen.getByRole('link', { name: 'Download GSTR-1 files (ZIP)' })).toHaveAttribute('href', '/api/admin/gst/gstr1.zip?quarter=2026-10');
  });

  it('tells staff who are not admins that the returns are for admins', async () => {
    backend(() => json({ message: 'Only an admin may do this.' }, { status: 403 }));
    renderWithApp(<GstReturnScreen />, { route: '/admin/gst', path: '/admin/gst' });
    expect(await screen.findByText('Only admins see the GST returns.')).toBeInTheDocument();
  });

  it('shows the GSTR-3B figures the portal should fill in, and offers them and the invoice register as CSV', async () => {
    backend();
    renderWithApp(<GstReturnScreen />, { route: '/admin/gst?kind=month&period=2026-11', path: '/admin/gst' });
    const table = await screen.findByTestId('gstr3b');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[4]).toHaveTextContent('33-Tamil Nadu');
    expect(within(rows[2] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Other outward supplies (nil rated, exempted)', '₹250.00', '—', '—', '—']);
    expect(screen.getByText(/fills GSTR-3B’s table 3 from GSTR-1 and locks it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GSTR-3B figures (CSV)' })).toHaveAttribute('href', '/api/admin/gst/gstr3b.csv?month=2026-11');
    expect(screen.getByRole('link', { name: 'Invoice register (CSV)' })).toHaveAttribute('href', '/api/admin/gst/register.csv?month=2026-11');
  });
});
