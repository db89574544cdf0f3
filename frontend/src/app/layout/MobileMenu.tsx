import { useId } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { Dialog } from '@/components/Dialog';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import type { BrandSummary, CategoryTreeItem } from '@/types/api';
import { paths } from '@/lib/paths';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  brands: readonly BrandSummary[] | undefined;
  categories: readonly CategoryTreeItem[] | undefined;
}

/** The phone menu: a side dialog with collapsible Dealers and Products. */
export function MobileMenu({ open, onClose, brands, categories }: MobileMenuProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} className="dialog-left">
      <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2">
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t('nav.menu')}
        </h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('nav.closeMenu')}>
          <Icon name="x-mark" />
        </button>
      </div>
      <nav aria-label={t('nav.main')} className="px-2 py-2">
        <details className="group border-b border-stone-200">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-2 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
            {t('nav.dealers')}
            <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180" />
          </summary>
          <ul className="pb-2">
            {(brands ?? []).map((brand) => (
              <li key={brand.id}>
                <Link to={paths.brand.getHref(brand.slug)} className="panel-link pl-4">
                  {brand.name}
                </Link>
              </li>
            ))}
          </ul>
        </details>
        <details className="group border-b border-stone-200">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-2 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
            {t('nav.products')}
            <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180" />
          </summary>
          <ul className="pb-2">
            {(categories ?? []).map((category) => (
              <li key={category.id}>
                <Link to={paths.category.getHref(category.slug)} className="panel-link pl-4 font-medium">
                  {category.name}
                </Link>
                {category.sub_categories.length > 0 ? (
                  <ul>
                    {category.sub_categories.map((sub) => (
                      <li key={sub.id}>
                        <Link to={paths.subCategory.getHref(category.slug, sub.slug)} className="panel-link pl-8 text-sm">
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
        <ul className="py-2">
          <li>
            <Link to={paths.about.getHref()} className="panel-link font-semibold">
              {t('nav.aboutUs')}
            </Link>
          </li>
          <li>
            <Link to={paths.contact.getHref()} className="panel-link font-semibold">
              {t('nav.contactUs')}
            </Link>
          </li>
          <li>
            <Link to={paths.search.getHref()} className="panel-link font-semibold">
              <Icon name="magnifying-glass" className="mr-2 size-5" />
              {t('nav.searchProducts')}
            </Link>
          </li>
        </ul>
      </nav>
      <LanguageSwitch id="menu-language" className="border-t border-stone-200 px-2 py-2" linkClassName="font-semibold text-stone-900" />
    </Dialog>
  );
}
