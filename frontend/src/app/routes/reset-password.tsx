import { useSearchParams } from 'react-router';
import { Logo } from '@/app/layout/Logo';
import { ResetPasswordScreen } from '@/features/auth/screens/ResetPasswordScreen';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordScreen brand={<Logo />} token={params.get('token') ?? ''} email={params.get('email') ?? ''} invited={params.get('invited') === '1'} />;
}
