// The back office's words are left out of the shoppers' first download (vite.config.ts): they
// come with the back office's own code. It is English only (a staff tool), so only the English
// section is ever fetched.
import messages from '@/locales/en.json?section=admin';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'admin' }, import: 'default' }));
