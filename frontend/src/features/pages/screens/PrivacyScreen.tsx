import { lazy } from 'react';
import { useT } from '@/lib/i18n';
import { ContentPage } from '@/features/pages/components/ContentPage';

const content = {
  en: lazy(() => import('@/features/pages/content/en/privacy')),
  ml: lazy(() => import('@/features/pages/content/ml/privacy')),
  ta: lazy(() => import('@/features/pages/content/ta/privacy')),
};

export function PrivacyScreen() {
  return <ContentPage title={useT()('nav.privacy')} content={content} />;
}
