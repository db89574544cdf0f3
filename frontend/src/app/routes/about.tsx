import { AboutScreen } from '@/features/pages/screens/AboutScreen';

export default AboutScreen;
