// The phone input's text is left out of the first download (vite.config.ts): it comes with the
// phone input's own chunk, in English and in the shopper's language.
import messages from '@/locales/en.json?section=phone';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'phone' }, import: 'default' }));
