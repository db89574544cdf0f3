// A product page's WhatsApp actions: share the product (the phone's share sheet where it has one,
// else WhatsApp's "send to" screen) and ask the shop about it in a chat. Both are links or buttons
// the shopper taps; WhatsApp then waits for them to press Send.
import '@/components/whatsapp/messages';
import ShareIcon from '@heroicons/react/24/outline/ShareIcon';
import type { MouseEvent } from 'react';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useLocale, useT } from '@/lib/i18n';
import { LOCALES, type Locale } from '@/lib/locales';
import { formatRupees, toPaise } from '@/lib/money';
import { useShop } from '@/lib/queries/shop';
import { absoluteUrl, canShareNatively, useOrigin, whatsappChatHref, whatsappShareHref } from '@/lib/whatsapp';
import type { ProductDetail } from '@/types/api';
import { paths } from '@/lib/paths';

const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en');

export function ProductWhatsApp({ product, variantId }: { product: ProductDetail; variantId: number }) {
  const t = useT();
  const locale = asLocale(useLocale());
  const shop = useShop().data;
  const variant = product.variants.find((v) => v.id === variantId);
  const pack = variant?.variant_name;
  const price = formatRupees(toPaise((variant ?? product).retail_price));
  const url = absoluteUrl(locale, paths.product.getHref(product.brand.slug, product.slug), useOrigin());
  const name = pack ? `${product.name} (${pack})` : product.name;
  const shopName = shop?.name ?? '';
  const shareText = t('whatsapp.shareText', { name, price, shop: shopName });
  const ask = pack
    ? t('whatsapp.askTextPack', { shop: shopName, name: product.name, pack })
    : t('whatsapp.askText', { shop: shopName, name: product.name });

  // With a share sheet the shopper picks any app; without one the link opens WhatsApp.
  const share = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!canShareNatively()) return;
    event.preventDefault();
    // A dismissed sheet rejects: nothing to tell the shopper.
    navigator.share({ title: product.name, text: shareText, url }).catch(() => undefined);
  };

  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 p-3">
      <div className="flex flex-wrap gap-3">
        <a href={whatsappShareHref(`${shareText}\n${url}`)} target="_blank" rel="noopener noreferrer" onClick={share} className="btn-secondary flex-1 sm:flex-none" data-testid="share-product">
          <ShareIcon className="size-5" aria-hidden />
          {t('whatsapp.share')}
        </a>
        {shop?.whatsapp ? (
          <a href={whatsappChatHref(shop.whatsapp, `${ask}\n${url}`)} target="_blank" rel="noopener noreferrer" className="btn-secondary flex-1 sm:flex-none" data-testid="ask-on-whatsapp">
            <Icon name="chat-bubble-oval-left" type="solid" className="size-5 text-green-700" />
            {t('whatsapp.ask')}
          </a>
        ) : null}
      </div>
      <p className="mt-2 text-xs text-stone-700">{t('whatsapp.tapToSend')}</p>
    </div>
  );
}
