import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '@/app/admin/AdminLayout';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import { mockApi } from '@/testing/api-mock';
import { admin } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

const MARK = 'admin.orders-seen-up-to';

function backend(latest: number) {
  return mockApi({
    'GET /api/admin/dashboard/new-orders': ({ url }) => {
      const since = url.searchParams.get('since');
      return { count: since === null ? 0 : Math.max(0, latest - Number(since)), latest_order_id: latest };
    },
  });
}

const layoutAt = (route: string) =>
  renderWithApp(
    <UnsavedChangesProvider>
      <AdminLayout user={admin}>
        <p>screen</p>
      </AdminLayout>
    </UnsavedChangesProvider>,
    { route },
  );

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the new-order badge', () => {
  it('counts orders after the last one this browser showed, beside Orders and on the menu button', async () => {
    window.localStorage.setItem(MARK, '40');
    const api = backend(42);
    layoutAt('/admin/customers');
    const sideBar = screen.getAllByRole('navigation', { name: 'Back office' })[0] as HTMLElement;
    expect(await within(sideBar).findByText('new orders', { exact: false })).toBeInTheDocument();
    expect(within(sideBar).getByRole('link', { name: /^Orders/ })).toHaveTextContent('Orders2 new orders');
    expect(screen.getByRole('button', { name: /Menu/ })).toHaveTextContent('2 new orders');
    expect(api.callsTo('/api/admin/dashboard/new-orders')[0]?.url.searchParams.get('since')).toBe('40');
    expect(window.localStorage.getItem(MARK)).toBe('40');
  });

  it('is cleared on the dashboard, which marks the newest order seen', async () => {
    window.localStorage.setItem(MARK, '40');
    backend(42);
    layoutAt('/admin');
    await waitFor(() => expect(window.localStorage.getItem(MARK)).toBe('42'));
    expect(screen.queryByText('new orders', { exact: false })).toBeNull();
  });

  it('starts a browser without a mark at the newest order', async () => {
    backend(7);
    layoutAt('/admin/products');
    await waitFor(() => expect(window.localStorage.getItem(MARK)).toBe('7'));
    expect(screen.queryByText('new order', { exact: false })).toBeNull();
  });
});

describe('the back office nav by role', () => {
  let api: ReturnType<typeof mockApi>;
  const navFor = (role: string) => {
    api = mockApi({ 'GET /api/admin/dashboard/new-orders': () => ({ count: 0, latest_order_id: null }) });
    renderWithApp(
      <UnsavedChangesProvider>
        <AdminLayout user={{ ...admin, role }}>
          <p>screen</p>
        </AdminLayout>
      </UnsavedChangesProvider>,
      { route: '/admin/packing' },
    );
    const sideBar = screen.getAllByRole('navigation', { name: 'Back office' })[0] as HTMLElement;
    return within(sideBar)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  };

  it('gives a packer the packing desk alone, as Orders, and asks nothing of the dashboard', () => {
    expect(navFor('packer')).toEqual([['Orders', '/admin/packing']]);
    expect(api.callsTo('/api/admin/dashboard/new-orders')).toHaveLength(0);
    expect(screen.getAllByText('Packer').length).toBeGreaterThan(0);
  });

  it('gives an accountant the books and what they may read, nothing that changes the shop', () => {
    expect(navFor('accountant').map(([label]) => label)).toEqual(['Dashboard', 'Reports', 'Orders', 'Customers', 'GST returns', 'Insecticide registers', 'Stock value & margin']);
  });

  it('gives staff what they had, with reports and packing, without staff, audit or GST', () => {
    const labels = navFor('staff').map(([label]) => label);
    expect(labels).toContain('Reports');
    expect(labels).toContain('Packing');
    expect(labels).not.toContain('Staff');
    expect(labels).not.toContain('GST returns');
    expect(labels).toContain('Batch recall');
    expect(labels).not.toContain('Insecticide registers');
    expect(labels).not.toContain('Stock value & margin');
  });
});
