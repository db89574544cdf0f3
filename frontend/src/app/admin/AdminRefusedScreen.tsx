import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import { adminPaths } from '@/lib/admin-paths';

/** A shopper who opened /admin: the back office is for the shop's staff. */
export function AdminRefusedScreen() {
  useDocumentTitle('Staff only');
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">This area is for the shop's staff</h1>
      <p className="mt-3 text-stone-700">Your account is a shopper's account. Everything you can buy is in the shop.</p>
      <Link to={paths.home.getHref()} className="btn-primary mt-6">
        Go to the shop
      </Link>
    </div>
  );
}

/** An /admin address that is no screen of the back office. */
export function AdminNotFoundScreen() {
  useDocumentTitle('Not found');
  return (
    <div className="px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-stone-900">No such screen</h1>
      <p className="mt-2 text-stone-700">This address is not part of the back office.</p>
      <Link to={adminPaths.dashboard.getHref()} className="btn-primary mt-5">
        Go to the dashboard
      </Link>
    </div>
  );
}
