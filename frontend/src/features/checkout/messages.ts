// Checkout's interface text is left out of the first download (vite.config.ts): it comes with
// this screen's code.
import messages from '@/locales/en.json?section=checkout';
import { loadMessageSection } from '@/lib/i18n';

loadMessageSection('en', messages);
