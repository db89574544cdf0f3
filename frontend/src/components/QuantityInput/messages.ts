// The quantity field's text is left out of the first download (vite.config.ts): only the product
// page and the cart use it, and it comes with their code, in English and the shopper's language.
import messages from '@/locales/en.json?section=quantity,stock';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'quantity,stock' }, import: 'default' }));
