import { lazy } from 'react';
import { useT } from '@/lib/i18n';
import { ContentPage } from '@/features/pages/components/ContentPage';

const content = { en: lazy(() => import('@/features/pages/content/en/about')) };

export function AboutScreen() {
  return <ContentPage title={useT()('nav.aboutUs')} content={content} />;
}
