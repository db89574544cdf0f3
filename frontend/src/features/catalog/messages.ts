// The catalogue screens' own words are left out of the first download (vite.config.ts): they come
// with these screens' code, in English and in the shopper's language.
import messages from '@/locales/en.json?section=catalog';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'catalog' }, import: 'default' }));
