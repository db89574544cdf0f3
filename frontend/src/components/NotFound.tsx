import '@/components/not-found-messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { paths } from '@/lib/paths';

/** A link onwards from the page. */
interface NotFoundAction {
  to: string;
  label: string;
}

interface NotFoundProps {
  /** The heading, also the document title; by default "Page not found". */
  title?: string;
  text?: string;
  /** Where to go instead, the first as the main button; by default the home page and all products. */
  actions?: readonly NotFoundAction[];
  /** Centres the message in the upper part of the screen (at least 60 % of its height). */
  centered?: boolean;
}

/** A 404: what was not found, and where to go instead. */
export function NotFound({ title, text, actions, centered = false }: NotFoundProps) {
  const t = useT();
  const heading = title ?? t('notFound.title');
  const links = actions ?? [
    { to: paths.home.getHref(), label: t('notFound.home') },
    { to: paths.search.getHref(), label: t('nav.viewAllProducts') },
  ];
  useDocumentTitle(heading);
  return (
    <section className={`container-page flex flex-col items-center py-16 text-center${centered ? ' min-h-[60dvh] justify-center' : ''}`}>
      <p className="text-5xl font-bold text-green-800">404</p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{heading}</h1>
      <p className="mt-2 max-w-md text-stone-700">{text ?? t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((action, index) => (
          <Link key={action.to} to={action.to} className={index === 0 ? 'btn-primary' : 'btn-secondary'}>
            {action.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
