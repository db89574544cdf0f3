import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import { paths } from '@/lib/paths';

/** Checkout with nothing in the cart: back to shopping. */
export function EmptyCart() {
  const t = useT();
  return (
    <section className="container-page flex min-h-[60dvh] flex-col items-center justify-center py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-800">
        <Icon name="shopping-bag" className="size-8" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{t('checkout.empty.title')}</h1>
      <p className="mt-2 max-w-md text-stone-700">{t('checkout.empty.text')}</p>
      <Link to={paths.home.getHref()} className="btn-primary mt-6">
        {t('checkout.empty.shop')}
      </Link>
    </section>
  );
}
