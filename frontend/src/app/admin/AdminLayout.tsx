import { Suspense, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { useLogout } from '@/features/account/api/logout';
import { GuardedLink } from '@/components/admin/GuardedLink';
import { useUnsavedChangesContext } from '@/components/admin/unsaved-changes';
import type { Role, User } from '@/types/api';
import { useT } from '@/lib/i18n';
import { NewOrdersBadge } from '@/features/admin-day/components/NewOrdersBadge';
import { useNewOrderBadge } from '@/features/admin-day/use-new-order-badge';
import { paths } from '@/lib/paths';
import { adminPaths } from '@/lib/admin-paths';

interface NavItem {
  to: string;
  label: string;
  /** Who sees it: the roles the server lets use what it opens (crates/server/src/handlers/admin/access.rs). */
  roles: readonly Role[];
  /** Current only on this very path, not below it (the dashboard at /admin). */
  exact?: boolean;
  /** Shows the count of new orders. */
  newOrders?: boolean;
}

const KEEPERS: readonly Role[] = ['admin', 'staff'];
const READERS: readonly Role[] = ['admin', 'staff', 'accountant'];

function navItems(t: ReturnType<typeof useT>): NavItem[] {
  return [
    { to: adminPaths.dashboard.getHref(), label: 'Dashboard', exact: true, roles: READERS },
    { to: adminPaths.reports.getHref(), label: t('admin.nav.reports'), roles: READERS },
    { to: adminPaths.orders.getHref(), label: 'Orders', newOrders: true, roles: READERS },
    // A packer's orders are the packing desk's: no prices but the cash to collect.
    { to: adminPaths.packing.getHref(), label: 'Orders', roles: ['packer'] },
    { to: adminPaths.packing.getHref(), label: t('admin.nav.packing'), roles: KEEPERS },
    { to: adminPaths.customers.getHref(), label: 'Customers', roles: READERS },
    { to: adminPaths.messages.getHref(), label: 'Messages', roles: KEEPERS },
    { to: adminPaths.products.getHref(), label: 'Products', roles: KEEPERS },
    { to: adminPaths.lowStock.getHref(), label: 'Low stock', roles: KEEPERS },
    { to: adminPaths.stocktake.getHref(), label: 'Stocktake', roles: KEEPERS },
    { to: adminPaths.receipts.getHref(), label: 'Receipts', roles: KEEPERS },
    { to: adminPaths.expiry.getHref(), label: 'Expiry', roles: KEEPERS },
    { to: adminPaths.brands.getHref(), label: 'Brands', roles: KEEPERS },
    { to: adminPaths.categories.getHref(), label: 'Categories', roles: KEEPERS },
    { to: adminPaths.awards.getHref(), label: 'Awards', roles: KEEPERS },
    { to: adminPaths.crops.getHref(), label: 'Crops', roles: KEEPERS },
    { to: adminPaths.problems.getHref(), label: 'Pests and diseases', roles: KEEPERS },
    { to: adminPaths.synonyms.getHref(), label: 'Search words', roles: KEEPERS },
    { to: adminPaths.bulk.getHref(), label: 'Bulk edits', roles: KEEPERS },
    { to: adminPaths.staff.getHref(), label: 'Staff', roles: ['admin'] },
    { to: adminPaths.audit.getHref(), label: 'Audit log', roles: ['admin'] },
    { to: adminPaths.gst.getHref(), label: 'GST returns', roles: ['admin', 'accountant'] },
    { to: adminPaths.registers.getHref(), label: 'Insecticide registers', roles: ['admin', 'accountant'] },
    { to: adminPaths.stockValue.getHref(), label: 'Stock value & margin', roles: ['admin', 'accountant'] },
    { to: adminPaths.recall.getHref(), label: 'Batch recall', roles: KEEPERS },
  ];
}

function NavLinks({ user, newOrders, onNavigate }: { user: User; newOrders: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <ul className="space-y-1">
      {navItems(t)
        .filter((item) => item.roles.includes(user.role as Role))
        .map((item) => {
          const current = pathname === item.to || pathname === `${item.to}/` || (!item.exact && pathname.startsWith(`${item.to}/`));
          return (
            <li key={`${item.to}:${item.label}`}>
              <GuardedLink
                to={item.to}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 font-medium ${current ? 'bg-green-800 text-white' : 'text-stone-800 hover:bg-stone-100'}`}
              >
                {item.label}
                {item.newOrders ? <NewOrdersBadge count={newOrders} /> : null}
              </GuardedLink>
            </li>
          );
        })}
    </ul>
  );
}

/** The member's role as the account box names it. */
function roleName(t: ReturnType<typeof useT>, role: string): string {
  switch (role) {
    case 'admin':
      return 'Administrator';
    case 'packer':
      return t('admin.role.packer');
    case 'accountant':
      return t('admin.role.accountant');
    default:
      return 'Staff';
  }
}

function AccountBox({ user }: { user: User }) {
  const t = useT();
  const logout = useLogout();
  const { confirmLeave } = useUnsavedChangesContext();
  return (
    <div className="border-t border-stone-200 pt-4 text-sm">
      <p className="text-stone-600">Signed in as</p>
      <p className="font-semibold break-words text-stone-900">{user.name}</p>
      <p className="text-stone-600">{roleName(t, user.role)}</p>
      <div className="mt-3 flex flex-col gap-1">
        <GuardedLink to={paths.home.getHref()} className="panel-link">
          View the shop
        </GuardedLink>
        <button type="button" className="panel-link text-left" disabled={logout.isPending} onClick={() => confirmLeave(() => logout.mutate())}>
          Sign out
        </button>
      </div>
    </div>
  );
}

/** The back office's frame: a side bar on a desktop, a menu button on a phone. */
export function AdminLayout({ user, children }: { user: User; children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The badge counts from the dashboard, which a packer's role does not include.
  const newOrders = useNewOrderBadge(useLocation().pathname, user.role !== 'packer');
  return (
    <div className="min-h-dvh bg-stone-100 lg:flex">
      <a href="#admin-main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex print:hidden items-center justify-between border-b border-stone-200 bg-white px-4 py-2 lg:hidden">
        <span className="font-bold text-green-900">Back office</span>
        <button type="button" className="btn-secondary min-h-11 px-4" aria-expanded={menuOpen} aria-controls="admin-menu" onClick={() => setMenuOpen((open) => !open)}>
          {menuOpen ? 'Close menu' : 'Menu'}
          {menuOpen ? null : <NewOrdersBadge count={newOrders} className="ml-2" />}
        </button>
      </header>
      {menuOpen ? (
        <nav id="admin-menu" aria-label="Back office" className="border-b border-stone-200 bg-white p-4 lg:hidden">
          <NavLinks user={user} newOrders={newOrders} onNavigate={() => setMenuOpen(false)} />
          <div className="mt-4">
            <AccountBox user={user} />
          </div>
        </nav>
      ) : null}
      {/* Scrolls on its own when the entries outgrow a laptop's height. */}
      <aside className="hidden w-60 print:hidden shrink-0 flex-col gap-6 overflow-y-auto border-r border-stone-200 bg-white p-4 lg:sticky lg:top-0 lg:flex lg:h-dvh">
        <span className="px-3 text-lg font-bold text-green-900">Back office</span>
        <nav aria-label="Back office" className="flex-1">
          <NavLinks user={user} newOrders={newOrders} />
        </nav>
        <AccountBox user={user} />
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
    </div>
  );
}
