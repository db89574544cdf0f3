// The second sign-in step's text is staff's only: it is left out of the first download
// (vite.config.ts) and comes with the step's code.
import messages from '@/locales/en.json?section=twoFactor';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'twoFactor' }, import: 'default' }));
