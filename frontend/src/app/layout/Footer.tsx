import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import '@/components/icons-more';
import { Icon, type SolidIconName } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import { useShop } from '@/lib/queries/shop';
import { whatsappHref } from '@/lib/shop-facts';
import type { ImageData } from '@/types/api';
import { paths } from '@/lib/paths';

function SocialLink({ href, icon, children }: { href: string; icon: SolidIconName; children: ReactNode }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center gap-2 hover:text-white hover:underline">
        <Icon name={icon} type="solid" className="size-5" />
        {children}
      </a>
    </li>
  );
}

function ShopPhoto({ photo, caption }: { photo: Omit<ImageData, 'srcset'>; caption: string }) {
  return (
    <figure>
      <img src={photo.url} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" decoding="async" className="aspect-[4/3] w-full rounded-lg object-cover" />
      <figcaption className="mt-1 text-xs text-green-100">{caption}</figcaption>
    </figure>
  );
}

export function Footer() {
  const t = useT();
  const { data: shop } = useShop();
  // The year alone is the same digits in all three languages: no Intl date format (and its locale
  // data) for it.
  const year = String(new Date().getFullYear());
  return (
    <footer className="mt-6 bg-green-950 text-green-50">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-1">
          <h2 className="text-lg font-bold text-white">{shop?.name}</h2>
          <p className="mt-3 text-sm leading-relaxed text-green-100">{shop?.blurb}</p>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">{t('footer.follow')}</h2>
          {shop ? (
            <ul className="mt-3 text-sm text-green-100">
              {shop.social.facebook ? (
                <SocialLink href={shop.social.facebook} icon="globe-alt">
                  {t('footer.facebook')}
                </SocialLink>
              ) : null}
              <SocialLink href={whatsappHref(shop)} icon="chat-bubble-oval-left">
                {t('footer.whatsapp')}
              </SocialLink>
              {shop.social.instagram ? (
                <SocialLink href={shop.social.instagram} icon="camera">
                  {t('footer.instagram')}
                </SocialLink>
              ) : null}
            </ul>
          ) : null}
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-base font-semibold text-white">
            {t('footer.company')}
          </h2>
          <ul className="mt-3 text-sm text-green-100">
            {(
              [
                [paths.about.getHref(), 'nav.aboutUs'],
                [paths.contact.getHref(), 'nav.contactUs'],
                [paths.terms.getHref(), 'nav.terms'],
                [paths.privacy.getHref(), 'nav.privacy'],
                [paths.findOrder.getHref(), 'nav.findOrder'],
              ] as const
            ).map(([to, label]) => (
              <li key={to}>
                <Link to={to} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {t(label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-base font-semibold text-white">{t('footer.visit')}</h2>
          {shop ? (
            <div className="mt-3 grid grid-cols-2 gap-3">
              <ShopPhoto photo={shop.photos.inside} caption={t('footer.inside')} />
              <ShopPhoto photo={shop.photos.outside} caption={t('footer.outside')} />
            </div>
          ) : null}
        </div>
      </div>
      <div className="border-t border-green-900">
        <LanguageSwitch id="footer-language" className="container-page flex justify-center pt-3 text-sm" linkClassName="text-green-50 hover:text-white" />
        <p className="container-page py-4 text-center text-sm text-green-100">
          {shop ? t('footer.copyright', { year, name: shop.legal_name, since: shop.founded_year }) : '\u00a0'}
        </p>
      </div>
    </footer>
  );
}
