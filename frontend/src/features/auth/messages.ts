// The sign-in, registration and password screens' interface text is left out of the first
// download (vite.config.ts): it comes with these screens' code, in English and in the shopper's
// language.
import messages from '@/locales/en.json?section=auth';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'auth' }, import: 'default' }));
