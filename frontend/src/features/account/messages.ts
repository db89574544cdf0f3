// The account area's interface text is left out of the first download (vite.config.ts): it comes
// with its screen's code, in English and in the shopper's language.
import messages from '@/locales/en.json?section=account,auth';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'account,auth' }, import: 'default' }));
