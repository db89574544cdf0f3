// The WhatsApp buttons' text is left out of the first download (vite.config.ts): it comes with
// the product and order screens' code, in English and in the shopper's language.
import messages from '@/locales/en.json?section=whatsapp';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'whatsapp' }, import: 'default' }));
