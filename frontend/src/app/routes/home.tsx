import { HomeScreen } from '@/features/home/screens/HomeScreen';

export default HomeScreen;
