import '@/features/account/messages';
import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useUser } from '@/lib/queries/user';
import { useLogout } from '@/features/account/api/logout';
import { DataCard } from '@/features/account/components/DataCard';
import { OrderUpdatesCard } from '@/features/account/components/OrderUpdatesCard';
import { PasswordCard } from '@/features/account/components/PasswordCard';
import { PhoneVerification } from '@/features/account/components/PhoneVerification';
import { ProfileCard } from '@/features/account/components/ProfileCard';
import { VerificationBanner } from '@/features/account/components/VerificationBanner';
import { paths } from '@/lib/paths';

/** Where a signed-out shopper is sent: signing in brings them back here. */
const SIGN_IN = paths.signIn.getHref({ next: paths.account.getHref() });

/** The user area: the account's orders (given by the app), details, password and sign-out. */
export function UserScreen({ orders }: { orders: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { data: user, isPending } = useUser();
  const logout = useLogout();
  // Once signing out has begun, the missing user means "leaving", not "go and sign in".
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle(t('account.title'));

  if (isPending || (!user && leaving)) return <PageLoading />;
  if (!user) return <Navigate to={SIGN_IN} replace />;

  const signOut = () => {
    setLeaving(true);
    logout.mutate(undefined, {
      onSettled: () => {
        toast.success(t('account.signedOut'));
        void navigate(paths.home.getHref(), { replace: true });
      },
    });
  };

  return (
    <div className="container-page py-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-stone-900">{t('account.title')}</h1>
          <p className="mt-1 text-stone-800">{t('account.greeting', { name: user.name })}</p>
        </div>
        <button type="button" className="btn-secondary" onClick={signOut} disabled={logout.isPending}>
          {logout.isPending ? t('account.signingOut') : t('account.signOut')}
        </button>
      </div>
      {user.phone && !user.phone_verified_at ? (
        <div className="mt-6">
          <PhoneVerification phone={user.phone} />
        </div>
      ) : null}
      {/* No nag about an e-mail address the shopper never gave. */}
      {user.email && !user.email_verified_at ? (
        <div className="mt-6">
          <VerificationBanner email={user.email} />
        </div>
      ) : null}
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">{orders}</div>
        <div className="grid gap-6">
          <ProfileCard user={user} />
          <OrderUpdatesCard user={user} />
          <PasswordCard hasPassword={user.has_password} />
          <DataCard user={user} />
        </div>
      </div>
    </div>
  );
}
