import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';

export interface Crumb {
  name: string;
  href: string;
}

/**
 * The trail to the current page; the last crumb is the page itself. It stays on one line: on a
 * phone a long name ends in an ellipsis rather than being cut mid-word or scrolled out of sight.
 * The page's own crumb keeps at least 6rem and takes what the others leave; the others take at
 * most 40% each.
 */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t('breadcrumb.label')} className="mb-4 text-sm">
      <ol className="flex items-center gap-1 whitespace-nowrap text-stone-700">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          // The API names the shop's front page in English; the reader's language names it here.
          const name = item.href === '/' ? t('nav.home') : item.name;
          return (
            <li key={item.href} className={`flex items-center gap-1 ${last ? 'min-w-24 flex-1' : 'min-w-0 max-w-[40%]'}`}>
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
