import type { ReactNode } from 'react';
import '@/features/pages/messages';
import { PageError } from '@/components/ErrorBox';
import '@/components/icons-more';
import { Icon, type OutlineIconName } from '@/components/Icon';
import { PageLoading } from '@/components/PageLoading';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useShop } from '@/lib/queries/shop';
import { addressLines, telHref, whatsappHref } from '@/lib/shop-facts';
import { ContactForm } from '@/features/pages/components/ContactForm';

function Fact({ icon, title, children }: { icon: OutlineIconName; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-stone-200 bg-white p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-800">
        <Icon name={icon} />
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold text-stone-900">{title}</h2>
        <div className="mt-1 text-stone-800">{children}</div>
      </div>
    </div>
  );
}

export function ContactScreen() {
  const t = useT();
  const shop = useShop();
  useDocumentTitle(t('nav.contactUs'));
  if (shop.isError) {
    return (
      <PageError onRetry={() => void shop.refetch()}>{t('pages.loadError')}</PageError>
    );
  }
  const data = shop.data;
  if (!data) return <PageLoading />;
  return (
    <div className="container-page py-6">
      <h1 className="text-3xl font-bold text-stone-900">{t('nav.contactUs')}</h1>
      <p className="mt-2 max-w-2xl text-stone-800">{t('contact.intro', { name: data.name })}</p>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        <Fact icon="map-pin" title={t('contact.visit')}>
          <address className="not-italic">
            {data.legal_name}
            {addressLines(data.address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </Fact>
        <Fact icon="clock" title={t('contact.hours')}>
          <p>{data.hours}</p>
        </Fact>
        <Fact icon="phone" title={t('contact.call')}>
          <a href={telHref(data.phone)} className="inline-flex min-h-11 items-center font-semibold text-green-800 underline">
            {data.phone}
          </a>
        </Fact>
        <Fact icon="chat-bubble-left-right" title={t('contact.whatsapp')}>
          <a href={whatsappHref(data)} className="inline-flex min-h-11 items-center font-semibold text-green-800 underline" rel="noopener" target="_blank">
            {t('contact.whatsappLink', { number: data.whatsapp })}
          </a>
        </Fact>
        <Fact icon="envelope" title={t('contact.email')}>
          <a href={`mailto:${data.email}`} className="inline-flex min-h-11 items-center font-semibold break-all text-green-800 underline">
            {data.email}
          </a>
        </Fact>
      </div>
      <div className="mt-8">
        <ContactForm />
      </div>
      <p className="mt-8 text-sm text-stone-700">{t('contact.gstin', { gstin: data.gstin })}</p>
    </div>
  );
}
