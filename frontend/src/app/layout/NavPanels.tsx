// The desktop Dealers (3 columns) and Products (4 columns) dropdown panels.
import { Link } from 'react-router';
import { useT } from '@/lib/i18n';
import type { BrandSummary, CategoryTreeItem } from '@/types/api';
import { paths } from '@/lib/paths';

export function DealersPanel({ brands }: { brands: readonly BrandSummary[] | undefined }) {
  const t = useT();
  if (!brands) return <p className="p-4 text-stone-700">{t('list.loading')}</p>;
  return (
    <ul className="grid grid-cols-3 gap-1">
      {brands.map((brand) => (
        <li key={brand.id}>
          <Link to={paths.brand.getHref(brand.slug)} className="panel-link">
            {brand.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ProductsPanel({ categories }: { categories: readonly CategoryTreeItem[] | undefined }) {
  const t = useT();
  if (!categories) return <p className="p-4 text-stone-700">{t('list.loading')}</p>;
  return (
    <ul className="grid grid-cols-4 gap-x-6 gap-y-4">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={paths.category.getHref(category.slug)} className="panel-link font-semibold text-green-900">
            {category.name}
          </Link>
          {category.sub_categories.length > 0 ? (
            <ul className="ml-3 border-l border-stone-200 pl-1">
              {category.sub_categories.map((sub) => (
                <li key={sub.id}>
                  <Link to={paths.subCategory.getHref(category.slug, sub.slug)} className="panel-link text-sm">
                    {sub.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
