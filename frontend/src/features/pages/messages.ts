// The contact page's interface text is left out of the first download (vite.config.ts): it comes
// with this screen's code, in English and in the shopper's language.
import messages from '@/locales/en.json?section=contact,auth';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'contact,auth' }, import: 'default' }));
