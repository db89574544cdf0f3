// The crop screen's words are left out of the first download (vite.config.ts): they come with its
// code, in English and in the shopper's language.
import messages from '@/locales/en.json?section=crop';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'crop' }, import: 'default' }));
