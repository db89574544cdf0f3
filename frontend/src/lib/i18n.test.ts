import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';

describe('the English message catalogue', () => {
  it('interpolates values and plurals', () => {
    expect(t('search.viewAll', { count: 12 })).toBe('View all results (12)');
    expect(t('search.total', { count: 2 })).toBe('Total: 2');
    expect(t('nav.cartWithCount', { count: 1 })).toBe('Shopping cart, 1 item');
    expect(t('nav.cartWithCount', { count: 3 })).toBe('Shopping cart, 3 items');
  });

  it('holds the texts the spec fixes', () => {
    expect(t('search.title')).toBe('Search for Products');
    expect(t('search.placeholder')).toBe('Enter your search here');
    expect(t('list.complete')).toBe('No more results!');
    expect(t('list.error')).toBe('Oops something went wrong!');
    expect(t('home.awardsTitle')).toBe('Awards & Certifications');
    expect(t('cart.title')).toBe('Shopping Cart');
  });
});

describe('another language', () => {
  it('switches the interface and waits for the sections lazy screens ask for', async () => {
    const { activateLocale, loadMessageSections, messageSectionsLoaded } = await import('@/lib/i18n');
    const compiled = (text: string) => [text];
    await activateLocale('ml', { '../locales/ml.json': () => Promise.resolve({ 'nav.home': compiled('ഹോം') }) });
    expect(document.documentElement.lang).toBe('ml');
    expect(t('nav.home')).toBe('ഹോം');
    let arrive = (_: unknown) => undefined as unknown;
    const section = new Promise((resolve) => (arrive = resolve));
    loadMessageSections({ 'checkout.place': compiled('Place order') }, { '../../locales/ml.json': () => section });
    let waited = false;
    const ready = messageSectionsLoaded().then(() => (waited = true));
    await Promise.resolve();
    expect(waited).toBe(false);
    arrive({ 'checkout.place': compiled('ഓർഡർ നൽകുക') });
    await ready;
    expect(t('checkout.place')).toBe('ഓർഡർ നൽകുക');
    await activateLocale('en');
    expect(t('checkout.place')).toBe('Place order');
  });
});
