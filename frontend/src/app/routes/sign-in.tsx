import { Logo } from '@/app/layout/Logo';
import { SignInScreen } from '@/features/auth/screens/SignInScreen';

export default function SignInRoute() {
  return <SignInScreen brand={<Logo />} />;
}
