// The not-found screen's words are left out of the first download (vite.config.ts): they come with
// the screens that may show it, in English and in the shopper's language.
import messages from '@/locales/en.json?section=notFound';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../locales/*.json', { query: { section: 'notFound' }, import: 'default' }));
