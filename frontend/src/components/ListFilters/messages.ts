// The filter bar's words are left out of the first download (vite.config.ts): they come with the
// list screens' code, in English and in the shopper's language.
import messages from '@/locales/en.json?section=filters';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'filters' }, import: 'default' }));
