// "Send to the shop on WhatsApp": a chat with the shop opened on the order's number and summary
// (lines, total, payment method), in the shopper's language. WhatsApp waits for them to press Send.
import '@/components/whatsapp/messages';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { type t as translate, useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { whatsappChatHref } from '@/lib/whatsapp';
import type { ShopProfile } from '@/types/api';
import type { Order } from '@/types/orders';

/** The message: who and which order, one line per item, the total and how it is paid. */
export function orderMessage(order: Order, shopName: string, t: typeof translate): string {
  const lines = order.lines.map((line) => {
    const name = line.variant_name ? `${line.product_name} (${line.variant_name})` : line.product_name;
    return `${line.quantity} × ${name} — ${formatRupees(toPaise(line.total))}`;
  });
  const method = order.payment_method === 'cod' ? t('order.payment.codShort') : t('order.payment.bankShort');
  return [
    t('whatsapp.orderText', { shop: shopName, number: order.number, name: order.contact.name }),
    ...lines,
    t('whatsapp.orderTotal', { amount: formatRupees(toPaise(order.totals.total)) }),
    t('whatsapp.orderPayment', { method }),
  ].join('\n');
}

export function OrderWhatsApp({ order, shop }: { order: Order; shop: ShopProfile | undefined }) {
  const t = useT();
  if (!shop?.whatsapp) return null;
  return (
    <section aria-labelledby="order-whatsapp" className="rounded-xl border border-green-200 bg-green-50 p-4 sm:p-6">
      <h2 id="order-whatsapp" className="text-lg font-bold text-stone-900">
        {t('whatsapp.orderTitle')}
      </h2>
      <p className="mt-2 text-stone-800">{t('whatsapp.orderIntro')}</p>
      <a
        href={whatsappChatHref(shop.whatsapp, orderMessage(order, shop.name, t))}
        target="_blank"
        rel="noopener noreferrer"
        className="btn-primary mt-4 w-full sm:w-auto"
        data-testid="send-order-on-whatsapp"
      >
        <Icon name="chat-bubble-oval-left" type="solid" className="size-5" />
        {t('whatsapp.sendOrder')}
      </a>
      <p className="mt-2 text-sm text-stone-700">{t('whatsapp.tapToSend')}</p>
    </section>
  );
}
