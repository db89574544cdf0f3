import { ContactScreen } from '@/features/pages/screens/ContactScreen';

export default ContactScreen;
