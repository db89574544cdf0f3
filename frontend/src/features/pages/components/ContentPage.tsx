import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageError } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocale, useT } from '@/lib/i18n';
import { useShop } from '@/lib/queries/shop';
import type { ShopProfile } from '@/types/api';

export type ContentModule = LazyExoticComponent<ComponentType<{ shop: ShopProfile }>>;

interface ContentPageProps {
  title: string;
  /** The page's long text, one lazily loaded module per language; English is the fallback. */
  content: Record<string, ContentModule> & { en: ContentModule };
}

/** A page of long text (About, Terms, Privacy) written per language, filled with the shop's facts. */
export function ContentPage({ title, content }: ContentPageProps) {
  const t = useT();
  const locale = useLocale();
  const shop = useShop();
  useDocumentTitle(title);
  const Content = content[locale] ?? content.en;
  if (shop.isError) {
    return (
      <PageError onRetry={() => void shop.refetch()}>{t('pages.loadError')}</PageError>
    );
  }
  if (!shop.data) return <PageLoading />;
  return (
    <article className="container-page max-w-3xl py-6">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <div className="prose-page">
        <Suspense fallback={<PageLoading />}>
          <Content shop={shop.data} />
        </Suspense>
      </div>
    </article>
  );
}
