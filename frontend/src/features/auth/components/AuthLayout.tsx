import '@/features/auth/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { paths } from '@/lib/paths';

interface AuthLayoutProps {
  /** The shop's mark, leading home (the account screens have no header). */
  brand: ReactNode;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring screens, under the card. */
  footer?: ReactNode;
}

/** The frame of the account screens: the shop's mark, one card with the screen's title and form. */
export function AuthLayout({ brand, title, intro, children, footer }: AuthLayoutProps) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-100 px-4 py-8 sm:py-14">
      <div className="w-full max-w-md">
        <div className="flex justify-center">{brand}</div>
        <section aria-labelledby="auth-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 id="auth-title" className="text-2xl font-bold text-stone-900">
            {title}
          </h1>
          {intro ? <div className="mt-2 text-stone-700">{intro}</div> : null}
          <div className="mt-6">{children}</div>
        </section>
        {footer ? <div className="mt-6 space-y-2 text-center text-stone-800">{footer}</div> : null}
        <p className="mt-4 text-center">
          <Link to={paths.home.getHref()} className="inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline">
            {t('auth.backToShop')}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** A link between the account screens, in the card's footer. */
export function AuthLink({ to, children }: { to: string | { pathname: string; search: string }; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center font-semibold text-green-800 underline">
      {children}
    </Link>
  );
}
