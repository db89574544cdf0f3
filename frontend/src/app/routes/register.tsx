import { Logo } from '@/app/layout/Logo';
import { RegisterScreen } from '@/features/auth/screens/RegisterScreen';

export default function RegisterRoute() {
  return <RegisterScreen brand={<Logo />} />;
}
