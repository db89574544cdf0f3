import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';

/** An unknown order, or one that belongs to another account (the server tells them apart to no one). */
export function OrderNotFound() {
  const t = useT();
  useDocumentTitle(t('order.notFound.title'));
  return (
    <section className="container-page flex min-h-[60dvh] flex-col items-center justify-center py-16 text-center">
      <p className="text-5xl font-bold text-green-800">404</p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{t('order.notFound.title')}</h1>
      <p className="mt-2 max-w-md text-stone-700">{t('order.notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/user" className="btn-primary">
          {t('order.notFound.account')}
        </Link>
        <Link to="/" className="btn-secondary">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
