// The orders' and invoice's interface text is left out of the first download (vite.config.ts): it
// comes with these screens' code.
import messages from '@/locales/en.json?section=order,invoice';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'order,invoice' }, import: 'default' }));
