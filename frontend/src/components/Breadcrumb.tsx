import { Link } from 'react-router';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';

export interface Crumb {
  name: string;
  href: string;
}

/**
 * The trail to the current page; the last crumb is the page itself. It stays on one line: on a
 * phone a long name ends in an ellipsis rather than being cut mid-word or scrolled out of sight,
 * and only Home, the parent and the page itself are shown. The page's own crumb keeps at least 6rem
 * and takes what the others leave; Home keeps its width; the parent takes at most 40%.
 */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t('breadcrumb.label')} className="mb-4 text-sm">
      <ol className="flex items-center gap-1 whitespace-nowrap text-stone-700">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          // Crumbs between Home and the parent wait for a wider screen.
          const middle = index > 0 && index < items.length - 2;
          // The API names the shop's front page in English; the reader's language names it here.
          const name = item.href === '/' ? t('nav.home') : item.name;
          return (
            <li
              key={item.href}
              className={`items-center gap-1 ${middle ? 'hidden sm:flex' : 'flex'} ${last ? 'min-w-24 flex-1' : index === 0 ? 'shrink-0' : 'min-w-0 max-w-[40%]'}`}
            >
              {index > 0 ? <Icon name="chevron-right" className="size-4 shrink-0 text-stone-500" /> : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-stone-900">
                  {name}
                </span>
              ) : (
                <Link to={item.href} className="inline-flex min-h-11 min-w-0 items-center underline-offset-2 hover:text-green-800 hover:underline">
                  <span className="truncate">{name}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
