import { PrivacyScreen } from '@/features/pages/screens/PrivacyScreen';

export default PrivacyScreen;
