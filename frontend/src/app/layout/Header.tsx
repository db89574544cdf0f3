import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { Icon } from '@/components/Icon';
import { formatNumber, messageSectionsLoaded, useT } from '@/lib/i18n';
import { allBrands, useBrands } from '@/lib/queries/brands';
import { useCategoryTree } from '@/lib/queries/categories';
import { useUser } from '@/lib/queries/user';
import { useCartCount } from '@/features/cart/api/get-cart';
import { useCartPanel } from '@/app/cart-panel';
import { whenIdle } from '@/lib/idle';
import { Logo } from '@/app/layout/Logo';
import { DealersPanel, ProductsPanel } from '@/app/layout/NavPanels';
import { paths } from '@/lib/paths';

// The search overlay and the phone menu load after the page is interactive (or on first use); the
// overlay shows once its words have arrived in the shopper's language too.
const loadSearchOverlay = () => import('@/features/search/components/SearchOverlay');
const loadMobileMenu = () => import('@/app/layout/MobileMenu');
const SearchOverlay = lazy(() => loadSearchOverlay().then(async (m) => (await messageSectionsLoaded(), { default: m.SearchOverlay })));
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

/** The addresses in the page that open the phone menu and the Shopping Cart panel. */
const MENU_HASH = 'menu';
const CART_HASH = 'cart';

export type HeaderPanel = 'dealers' | 'products' | 'search' | 'menu';

/**
 * Which header panel is open. It belongs to the location it was opened at, so every route change
 * closes it without an effect.
 */
function useHeaderPanel() {
  const { key } = useLocation();
  const [opened, setOpened] = useState<{ panel: HeaderPanel; at: string } | null>(null);
  // Panels opened once stay mounted (closed), so they open at once the next time.
  const [used, setUsed] = useState<ReadonlySet<HeaderPanel>>(new Set());
  const panel = opened?.at === key ? opened.panel : null;
  const close = useCallback(() => setOpened(null), []);
  const open = (next: HeaderPanel) => {
    setOpened({ panel: next, at: key });
    if (!used.has(next)) setUsed(new Set(used).add(next));
  };
  return {
    panel,
    used,
    open,
    toggle: (next: HeaderPanel) => (panel === next ? close() : open(next)),
    close,
  };
}

export function Header() {
  const t = useT();
  const { panel, used, open, toggle, close } = useHeaderPanel();
  const brands = useBrands();
  const categories = useCategoryTree();
  const { data: user } = useUser();
  const cartCount = useCartCount();
  const cartPanel = useCartPanel();
  const dealersButton = useRef<HTMLButtonElement>(null);
  const productsButton = useRef<HTMLButtonElement>(null);
  const brandList = brands.data ? allBrands(brands.data) : undefined;
  const dropdown = panel === 'dealers' || panel === 'products' ? panel : null;

  useEffect(
    () =>
      whenIdle(() => {
        void loadSearchOverlay();
        void loadMobileMenu();
      }),
    [],
  );

  // On a drawn page the menu and the bag are links to `#menu` and `#cart` (and Add to cart's form
  // comes back to `#cart`): tapped before the app's code had come, they open once it has.
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (hash !== MENU_HASH && hash !== CART_HASH) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (hash === MENU_HASH) open('menu');
    else cartPanel.open();
    // Once, as the app takes the page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Escape closes a dropdown and puts focus back on its button.
  useEffect(() => {
    if (!dropdown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      (dropdown === 'dealers' ? dealersButton : productsButton).current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dropdown, close]);

  return (
    <>
      {dropdown ? <div className="fixed inset-0 z-30 bg-stone-900/40" onClick={close} data-testid="header-backdrop" aria-hidden /> : null}
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white">
        <div className="hidden bg-green-900 text-sm text-green-50 lg:block">
          <div className="container-page flex items-center justify-end gap-6">
            <LanguageSwitch id="header-language" landmark className="mr-auto -ml-2" linkClassName="min-h-9" />
            <Link to={paths.contact.getHref()} className="inline-flex min-h-9 items-center hover:underline">
              {t('nav.contactSales')}
            </Link>
            <Link to={paths.search.getHref()} className="inline-flex min-h-9 items-center hover:underline">
              {t('nav.viewAllProducts')}
            </Link>
          </div>
        </div>
        <div className="container-page relative flex h-16 items-center gap-1">
          <a
            href={`#${MENU_HASH}`}
            role="button"
            className="icon-btn -ml-2 lg:hidden"
            onClick={(event) => {
              event.preventDefault();
              open('menu');
            }}
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
          >
            <Icon name="bars-3" />
          </a>
          <Logo className="mr-auto lg:mr-6" />
          <nav aria-label={t('nav.main')} className="mr-auto hidden items-center gap-1 lg:flex">
            <button
              ref={dealersButton}
              type="button"
              className="nav-link"
              aria-expanded={panel === 'dealers'}
              aria-controls="dealers-panel"
              onClick={() => toggle('dealers')}
            >
              {t('nav.dealers')}
              <Icon name="chevron-down" className={`size-4 transition-transform ${panel === 'dealers' ? 'rotate-180' : ''}`} />
            </button>
            <button
              ref={productsButton}
              type="button"
              className="nav-link"
              aria-expanded={panel === 'products'}
              aria-controls="products-panel"
              onClick={() => toggle('products')}
            >
              {t('nav.products')}
              <Icon name="chevron-down" className={`size-4 transition-transform ${panel === 'products' ? 'rotate-180' : ''}`} />
            </button>
            <Link to={paths.about.getHref()} className="nav-link">
              {t('nav.aboutUs')}
            </Link>
            <Link to={paths.contact.getHref()} className="nav-link">
              {t('nav.contactUs')}
            </Link>
          </nav>
          <Link
            to={paths.search.getHref()}
            role="button"
            className="icon-btn"
            onClick={(event) => {
              event.preventDefault();
              open('search');
            }}
            aria-label={t('nav.search')}
            aria-haspopup="dialog"
          >
            <Icon name="magnifying-glass" />
          </Link>
          <Link to={user ? paths.account.getHref() : paths.signIn.getHref()} className="icon-btn" aria-label={user ? t('nav.account') : t('nav.signIn')}>
            <Icon name="user" />
          </Link>
          <a
            href={`#${CART_HASH}`}
            role="button"
            className="icon-btn -mr-2"
            onClick={(event) => {
              event.preventDefault();
              cartPanel.open();
            }}
            aria-haspopup="dialog"
            aria-label={cartCount > 0 ? t('nav.cartWithCount', { count: cartCount }) : t('nav.cart')}
          >
            <Icon name="shopping-bag" />
            {cartCount > 0 ? (
              <span data-testid="cart-count" className="absolute top-0.5 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1 text-xs leading-5 font-bold text-stone-950">
                {formatNumber(cartCount)}
              </span>
            ) : null}
          </a>
          {dropdown ? (
            <div id={`${dropdown}-panel`} className="absolute inset-x-0 top-full hidden border-t border-stone-200 bg-white shadow-lg lg:block">
              <div className="container-page max-h-[70vh] overflow-y-auto py-6">
                <h2 className="sr-only">{dropdown === 'dealers' ? t('nav.dealers') : t('nav.products')}</h2>
                {dropdown === 'dealers' ? <DealersPanel brands={brandList} /> : <ProductsPanel categories={categories.data} />}
              </div>
            </div>
          ) : null}
        </div>
      </header>
      <Suspense fallback={null}>
        {used.has('search') ? <SearchOverlay open={panel === 'search'} onClose={close} /> : null}
        {used.has('menu') ? <MobileMenu open={panel === 'menu'} onClose={close} brands={brandList} categories={categories.data} /> : null}
      </Suspense>
    </>
  );
}
