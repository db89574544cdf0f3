import { useSearchParams } from 'react-router';
import { Logo } from '@/app/layout/Logo';
import { VerifyEmailScreen } from '@/features/auth/screens/VerifyEmailScreen';

export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return <VerifyEmailScreen key={token} brand={<Logo />} token={token} />;
}
