import { lazy } from 'react';
import { useT } from '@/lib/i18n';
import { ContentPage } from '@/features/pages/components/ContentPage';

const content = {
  en: lazy(() => import('@/features/pages/content/en/about')),
  ml: lazy(() => import('@/features/pages/content/ml/about')),
  ta: lazy(() => import('@/features/pages/content/ta/about')),
};

export function AboutScreen() {
  return <ContentPage title={useT()('nav.aboutUs')} content={content} />;
}
