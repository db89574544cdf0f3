// The orders desk's words (`desk.*` in the catalogues) are left out of the first download
// (vite.config.ts): they come with the desk's screens that import this module.
import messages from '@/locales/en.json?section=desk';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../locales/*.json', { query: { section: 'desk' }, import: 'default' }));
