// The pack-size chooser's own words are left out of the first download (vite.config.ts): they
// come with its code, in English and the shopper's language.
import messages from '@/locales/en.json?section=packs,stock';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'packs,stock' }, import: 'default' }));
