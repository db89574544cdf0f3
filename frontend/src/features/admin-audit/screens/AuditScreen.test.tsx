import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { admin, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import type { AuditLine, StaffMember } from '@/types/api';
import AuditScreen from '@/features/admin-audit/screens/AuditScreen';

const staff: StaffMember[] = [
  { id: 1, name: 'Asha Menon', email: 'asha@example.test', role: 'admin', two_factor_enrolled: true, disabled_at: null, created_at: '2026-01-02T04:30:00' },
  { id: 2, name: 'Ravi Nair', email: 'ravi@example.test', role: 'staff', two_factor_enrolled: true, disabled_at: null, created_at: '2026-02-01T04:30:00' },
];

const productUpdate: AuditLine = {
  id: 41,
  actor_id: 2,
  actor_name: 'Ravi Nair',
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
    'GET /api/admin/staff': () => staff,
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
    await screen.findByText('Product changed: Product #12');
    expect(lastQuery(api)).toEqual({ page: '1', per_page: '25' });

    await user.selectOptions(screen.getByLabelText('What changed'), 'product');
    await user.type(screen.getByLabelText('Its id'), '12');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Who' }), 'Ravi Nair');
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(location()).toBe('/admin/audit?entity=product&entity_id=12&actor_id=2&from=2026-11-20&to=2026-11-21'));
    await waitFor(() => expect(lastQuery(api).entity).toBe('product'));
    expect(lastQuery(api)).toEqual({
      entity: 'product',
      entity_id: '12',
      actor_id: '2',
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
    renderWithApp(<AuditScreen />, { route: '/admin/audit?entity=user&actor_id=1&page=2' });
    await screen.findByText('Product changed: Product #12');
    expect(screen.getByLabelText('What changed')).toHaveValue('user');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Who' })).toHaveValue('1'));
    expect(lastQuery(api)).toMatchObject({ entity: 'user', actor_id: '1', page: '2' });
    expect(screen.getByText(/60 changes, newest first · page 2 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Older' }));
    await waitFor(() => expect(location()).toBe('/admin/audit?entity=user&actor_id=1&page=3'));
    await waitFor(() => expect(lastQuery(api).page).toBe('3'));

    await user.click(screen.getByRole('link', { name: 'Clear the filters' }));
    await waitFor(() => expect(location()).toBe('/admin/audit'));
    expect(screen.getByLabelText('What changed')).toHaveValue('');
  });

  it('opens a line to the fields that changed, before → after, and the whole record', async () => {
    const user = userEvent.setup({ delay: null });
    backend();
    renderWithApp(<AuditScreen />, { route: '/admin/audit' });
    const line = (await screen.findByText('Product changed: Product #12')).closest('li') as HTMLElement;
    expect(within(line).getByText(/by Ravi Nair/)).toBeInTheDocument();
    expect(within(line).getByRole('time')).toHaveAttribute('datetime', '2026-11-20T09:15:00.123Z');

    await user.click(within(line).getByRole('button', { name: 'Show the changes (2 fields)' }));
    const changed = within(line).getByRole('list', { name: 'Changed fields' });
    const rows = within(changed).getAllByRole('listitem');
    expect(rows.map((row) => row.firstChild?.textContent)).toEqual(['gst_rate', 'declarations.organic']);
    expect(within(rows[0]!).getByRole('deletion')).toHaveTextContent('5');
    expect(within(rows[0]!).getByRole('insertion')).toHaveTextContent('18');
    expect(within(rows[1]!).getByRole('deletion')).toHaveTextContent('no');
    expect(within(rows[1]!).getByRole('insertion')).toHaveTextContent('yes');
    expect(within(changed).queryByText('name')).not.toBeInTheDocument();
    expect(within(line).getByText('The whole record (JSON)')).toBeInTheDocument();
    expect(line.querySelector('pre')?.textContent).toContain('"name": "Neem Cake 5 kg"');

    // A creation has no before: every field is new.
    const invite = screen.getByText('Staff invited: Account (staff or customer) #2').closest('li') as HTMLElement;
    await user.click(within(invite).getByRole('button', { name: 'Show the changes (4 fields)' }));
    expect(within(invite).queryByRole('deletion')).not.toBeInTheDocument();
    expect(within(invite).getAllByText('(added)')).toHaveLength(4);
  });
});
