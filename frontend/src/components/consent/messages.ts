// The consent notice's text is left out of the first download (vite.config.ts): it comes with the
// checkout and account screens that show it.
import messages from '@/locales/en.json?section=consent';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'consent' }, import: 'default' }));
