// Search's interface text is left out of the first download (vite.config.ts): it comes with the
// search overlay's and the results page's code, in English and in the shopper's language.
import messages from '@/locales/en.json?section=search,searchPage';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'search,searchPage' }, import: 'default' }));
