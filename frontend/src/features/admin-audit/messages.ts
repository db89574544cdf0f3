// The audit log's words come with its screen (vite.config.ts defers the `audit` section), in
// English and in the reader's language.
import messages from '@/locales/en.json?section=audit';
import { loadMessageSections } from '@/lib/i18n';

loadMessageSections(messages, import.meta.glob('../../locales/*.json', { query: { section: 'audit' }, import: 'default' }));
