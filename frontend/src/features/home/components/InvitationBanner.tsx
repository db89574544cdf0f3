import { Link } from 'react-router';
import { useT } from '@/lib/i18n';
import type { ShopProfile } from '@/types/api';
import { paths } from '@/lib/paths';

export function InvitationBanner({ shop }: { shop: ShopProfile | undefined }) {
  const t = useT();
  return (
    <section className="below-fold container-page py-12" aria-labelledby="invite-title">
      <div className="rounded-2xl bg-amber-50 px-6 py-10 text-center ring-1 ring-amber-200 sm:px-12">
        <h2 id="invite-title" className="section-title">
          {t('home.inviteTitle')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-stone-800">{t('home.inviteText')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.contact.getHref()} className="btn-primary">
            {t('nav.contactUs')}
          </Link>
          {shop?.phone ? (
            <a href={`tel:${shop.phone.replace(/\s+/g, '')}`} className="btn-secondary">
              {t('home.inviteCall', { phone: shop.phone })}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
