import { Logo } from '@/app/layout/Logo';
import { ForgotPasswordScreen } from '@/features/auth/screens/ForgotPasswordScreen';

export default function ForgotPasswordRoute() {
  return <ForgotPasswordScreen brand={<Logo />} />;
}
