import { Link } from 'react-router';
import { useT } from '@/lib/i18n';
import { useShop } from '@/lib/queries/shop';
import { paths } from '@/lib/paths';

/** The shop's mark and name (from the shop profile), leading home. */
export function Logo({ className = '' }: { className?: string }) {
  const t = useT();
  const { data: shop } = useShop();
  return (
    <Link to={paths.home.getHref()} className={`flex min-h-11 min-w-0 items-center gap-2 rounded-md ${className}`} aria-label={shop ? t('nav.homeNamed', { name: shop.name }) : t('nav.home')}>
      <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#166534" />
        <path d="M9 23c0-9 6-14 15-14-1 9-6 14-13 14" fill="#bbf7d0" />
        <path d="M9 23c3-5 6-8 11-10" stroke="#166534" strokeWidth="1.6" fill="none" />
      </svg>
      <span className="line-clamp-2 text-base leading-tight font-bold text-green-900 sm:text-lg">{shop?.name}</span>
    </Link>
  );
}
