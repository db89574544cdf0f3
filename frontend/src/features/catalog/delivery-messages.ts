// The "Check delivery" box's text and the states' names come with the product screen, not with
// the first download (vite.config.ts), in English and in the shopper's language.
import messages from '@/locales/en.json?section=delivery,state';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'delivery,state' }, import: 'default' }));
