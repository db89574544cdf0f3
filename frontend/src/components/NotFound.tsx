import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';

export function NotFound() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="container-page flex flex-col items-center py-16 text-center">
      <p className="text-5xl font-bold text-green-800">404</p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{t('notFound.title')}</h1>
      <p className="mt-2 max-w-md text-stone-700">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t('notFound.home')}
        </Link>
        <Link to="/search" className="btn-secondary">
          {t('nav.viewAllProducts')}
        </Link>
      </div>
    </section>
  );
}
