import { lazy } from 'react';
import { useT } from '@/lib/i18n';
import { ContentPage } from '@/features/pages/components/ContentPage';

const content = {
  en: lazy(() => import('@/features/pages/content/en/terms')),
  ml: lazy(() => import('@/features/pages/content/ml/terms')),
  ta: lazy(() => import('@/features/pages/content/ta/terms')),
};

export function TermsScreen() {
  return <ContentPage title={useT()('nav.terms')} content={content} />;
}
