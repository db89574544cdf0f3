import { TermsScreen } from '@/features/pages/screens/TermsScreen';

export default TermsScreen;
