import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import { json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { admin, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import type { StaffMember } from '@/types/api';
import StaffScreen from '@/features/admin-staff/screens/StaffScreen';

type Handler = (call: MockCall) => unknown;

const asha: StaffMember = { id: 1, name: 'Asha Menon', email: 'asha@example.test', role: 'admin', two_factor_enrolled: true, disabled_at: null, created_at: '2026-01-02T04:30:00' };
const ravi: StaffMember = { id: 2, name: 'Ravi Nair', email: 'ravi@example.test', role: 'staff', two_factor_enrolled: false, disabled_at: null, created_at: '2026-02-01T04:30:00' };
const meera: StaffMember = { id: 3, name: 'Meera Das', email: 'meera@example.test', role: 'staff', two_factor_enrolled: true, disabled_at: '2026-03-10T06:00:00', created_at: '2026-02-03T04:30:00' };

/** The server's staff list; the routes given change it as the server would. */
function backend(routes: (staff: StaffMember[]) => Record<string, Handler> = () => ({})) {
  withSession();
  const staff = [asha, ravi, meera];
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/user': () => admin,
    'GET /api/admin/staff': () => staff,
    ...routes(staff),
  });
}

/** Changes member `id` in the list and answers it. */
function change(staff: StaffMember[], id: number, update: Partial<StaffMember>): StaffMember {
  const index = staff.findIndex((member) => member.id === id);
  const changed = { ...staff[index]!, ...update };
  staff[index] = changed;
  return changed;
}

const renderScreen = () =>
  renderWithApp(
    <UnsavedChangesProvider>
      <StaffScreen />
    </UnsavedChangesProvider>,
    { route: '/admin/staff' },
  );

const rowOf = (name: string) => screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;

describe('Staff', { timeout: 20_000 }, () => {
  it('lists everyone with their role, two-step sign-in and whether they may sign in', async () => {
    backend();
    renderScreen();
    await screen.findByText('ravi@example.test');
    expect(within(rowOf('Asha Menon')).getByText('(you)')).toBeInTheDocument();
    expect(within(rowOf('Asha Menon')).getByLabelText('Role of Asha Menon')).toHaveValue('admin');
    expect(within(rowOf('Ravi Nair')).getByText('ravi@example.test')).toBeInTheDocument();
    expect(within(rowOf('Ravi Nair')).getByText('Not set up yet')).toBeInTheDocument();
    expect(within(rowOf('Ravi Nair')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Meera Das')).getByText(/^Disabled /)).toBeInTheDocument();
    expect(within(rowOf('Meera Das')).getByRole('button', { name: 'Enable Meera Das' })).toBeInTheDocument();
  });

  it('asks before disabling, says their sessions end, and disables only on yes', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend((staff) => ({ 'POST /api/admin/staff/2/disable': () => change(staff, 2, { disabled_at: '2026-11-22T10:00:00' }) }));
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Disable Ravi Nair' }));
    let dialog = screen.getByRole('dialog', { name: 'Disable Ravi Nair?' });
    expect(dialog).toHaveTextContent('every session of theirs ends now');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/api/admin/staff/2/disable')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable Ravi Nair' }));
    dialog = screen.getByRole('dialog', { name: 'Disable Ravi Nair?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable and sign out' }));
    await waitFor(() => expect(within(rowOf('Ravi Nair')).getByRole('button', { name: 'Enable Ravi Nair' })).toBeInTheDocument());
    expect(within(rowOf('Ravi Nair')).getByText(/^Disabled /)).toBeInTheDocument();
    expect(api.callsTo('/api/admin/staff/2/disable')).toHaveLength(1);
    expect(await screen.findByText('Ravi Nair has been signed out everywhere.')).toBeInTheDocument();
  });

  it('shows the server’s refusal (409) in the member’s row', async () => {
    const user = userEvent.setup({ delay: null });
    backend(() => ({
      'PUT /api/admin/staff/1': () => json({ message: 'The shop needs at least one admin: make someone else an admin first.' }, { status: 409 }),
    }));
    renderScreen();
    await user.selectOptions(await screen.findByLabelText('Role of Asha Menon'), 'staff');
    await user.click(screen.getByRole('button', { name: 'Save role of Asha Menon' }));
    // Giving up one's own admin role is asked about first.
    await user.click(within(screen.getByRole('dialog', { name: 'Give up your admin role?' })).getByRole('button', { name: 'Make me staff' }));
    expect(await within(rowOf('Asha Menon')).findByRole('alert')).toHaveTextContent('The shop needs at least one admin');
    expect(screen.getByLabelText('Role of Asha Menon')).toHaveValue('staff');
  });

  it('changes a role with Save', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend((staff) => ({ 'PUT /api/admin/staff/2': () => change(staff, 2, { role: 'admin' }) }));
    renderScreen();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Role of Ravi Nair'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Save role of Ravi Nair' }));
    expect(await screen.findByText('Ravi Nair is now admin.')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/staff/2')[0]?.body).toEqual({ role: 'admin' });
    expect(screen.queryByRole('button', { name: 'Save role of Ravi Nair' })).not.toBeInTheDocument();
  });

  it('invites a member of staff, with the server’s 422 beside its field', async () => {
    const user = userEvent.setup({ delay: null });
    let taken = true;
    const api = backend((staff) => ({
      'POST /api/admin/staff': (call) => {
        if (taken) {
          taken = false;
          return json({ message: 'An account with this address exists already.', errors: { email: ['An account with this address exists already.'] } }, { status: 422 });
        }
        const body = call.body as { name: string; email: string; role: 'staff' | 'admin' };
        const invited = { ...ravi, id: 4, ...body, two_factor_enrolled: false };
        staff.push(invited);
        return json(invited, { status: 201 });
      },
    }));
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a member of staff' });
    await user.type(within(dialog).getByLabelText('Name'), 'Joseph Kurian');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'ravi@example.test');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const email = within(dialog).getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this address exists already.'));
    expect(email).toHaveFocus();

    await user.clear(email);
    await user.type(email, 'joseph@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Joseph Kurian will get an e-mail at joseph@example.test with a link to choose a password.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/api/admin/staff').filter((call) => call.method === 'POST')[1]?.body).toEqual({ name: 'Joseph Kurian', email: 'joseph@example.test', role: 'admin' });
    // The list is fetched again, with the new member.
    expect(await screen.findByText('joseph@example.test')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/staff').filter((call) => call.method === 'GET').length).toBeGreaterThan(1);
  });

  it('tells staff who are not admins that this screen is not theirs (403)', async () => {
    backend(() => ({ 'GET /api/admin/staff': () => json({ message: 'Only an admin may do this.' }, { status: 403 }) }));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an admin may do this.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
