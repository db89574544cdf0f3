import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { admin, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import type { AuditLine } from '@/types/api';
import AuditScreen from '@/features/admin-audit/screens/AuditScreen';

const productUpdate: AuditLine = {
  id: 41,
  actor_id: 2,
  actor_name: 'Ravi Nair',
  subject: 'Neem Cake 5 kg',
  action: 'product.update',
  entity: 'product',
  entity_id: '12',
  old_values: { name: 'Neem Cake 5 kg', gst_rate: 5, is_active: true, declarations: { organic: false, hazardous: false } },
  new_values: { name: 'Neem Cake 5 kg', gst_rate: 18, is_active: true, declarations: { organic: true, hazardous: false } },
  created_at: '2026-11-20T09:15:00.123456',
};
const staffInvite: AuditLine = {
  id: 40,
  actor_id: 1,
  actor_name: 'Asha Menon',
  subject: 'Ravi Nair',
  action: 'staff.invite',
  entity: 'user',
  entity_id: '2',
  old_values: null,
  new_values: { name: 'Ravi Nair', email: 'ravi@example.test', role: 'staff', disabled: false },
  created_at: '2026-11-19T04:00:00',
};

function backend(lines: AuditLine[] = [productUpdate, staffInvite], total = lines.length) {
  withSession();
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/user': () => admin,
    'GET /api/admin/audit': (call: MockCall) => ({ data: lines, total, page: Number(call.url.searchParams.get('page')), per_page: 25, has_more: total > 25 * Number(call.url.searchParams.get('page')) }),
  });
}

const location = () => screen.getByTestId('location').textContent;
const lastQuery = (api: ReturnType<typeof backend>) => Object.fromEntries(api.callsTo('/api/admin/audit').at(-1)?.url.searchParams ?? []);

describe('Audit log', { timeout: 20_000 }, () => {
  it('puts the filters into the address and asks the server for them', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend();
    renderWithApp(<AuditScreen />, { route: '/admin/audit' });
    await screen.findByText('Ravi Nair changed Neem Cake 5 kg');
    expect(lastQuery(api)).toEqual({ page: '1', per_page: '25' });

    await user.type(screen.getByLabelText('Staff member’s name'), 'ravi');
    await user.selectOptions(screen.getByLabelText('What was changed'), 'Products and prices');
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(location()).toBe('/admin/audit?actor=ravi&area=products&from=2026-11-20&to=2026-11-21'));
    await waitFor(() => expect(lastQuery(api).area).toBe('products'));
    expect(lastQuery(api)).toEqual({
      actor: 'ravi',
      area: 'products',
      // The viewer's local days, as the UTC span the server filters by.
      from: new Date(2026, 10, 20).toISOString(),
      to: new Date(new Date(2026, 10, 22).getTime() - 1).toISOString(),
      page: '1',
      per_page: '25',
    });
  });

  it('reads the filters and the page from the address, and pages on through it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend([productUpdate], 60);
    renderWithApp(<AuditScreen />, { route: '/admin/audit?actor=asha&area=staff&page=2' });
    await screen.findByText('Ravi Nair changed Neem Cake 5 kg');
    expect(screen.getByLabelText('What was changed')).toHaveValue('staff');
    expect(screen.getByLabelText('Staff member’s name')).toHaveValue('asha');
    expect(lastQuery(api)).toMatchObject({ actor: 'asha', area: 'staff', page: '2' });
    expect(screen.getByText(/60 changes, newest first · page 2 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Older' }));
    await waitFor(() => expect(location()).toBe('/admin/audit?actor=asha&area=staff&page=3'));
    await waitFor(() => expect(lastQuery(api).page).toBe('3'));

    await user.click(screen.getByRole('link', { name: 'Clear the filters' }));
    await waitFor(() => expect(location()).toBe('/admin/audit'));
    expect(screen.getByLabelText('What was changed')).toHaveValue('');
  });

  it('says each change in words, with the fields that changed as before → after', async () => {
    backend();
    renderWithApp(<AuditScreen />, { route: '/admin/audit' });
    const line = (await screen.findByText('Ravi Nair changed Neem Cake 5 kg')).closest('li') as HTMLElement;
    expect(within(line).getByRole('time')).toHaveAttribute('datetime', '2026-11-20T09:15:00.123Z');
    const changed = within(line).getByRole('list', { name: 'Changes' });
    const rows = within(changed).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['GST rate: 5 → 18', 'declarations.organic: no → yes']);
    expect(within(line).getByText('The whole record (JSON)')).toBeInTheDocument();
    expect(line.querySelector('pre')?.textContent).toContain('"gst_rate": 5');

    // A creation has no before; its sentence names the person by name, never by id.
    const invite = screen.getByText('Asha Menon invited Ravi Nair to the staff').closest('li') as HTMLElement;
    expect(within(invite).queryByRole('deletion')).not.toBeInTheDocument();
    expect(invite).not.toHaveTextContent('#2');
  });
});
