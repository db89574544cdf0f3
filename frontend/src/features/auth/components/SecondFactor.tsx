// The second step of a staff sign-in, loaded only when the password step answers 202: shoppers
// never download it.
import '@/features/auth/two-factor-messages';
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import type { User } from '@/types/api';
import { CodeStep } from '@/features/auth/components/CodeStep';
import { EnrolmentStep } from '@/features/auth/components/EnrolmentStep';

interface SecondFactorProps {
  brand: ReactNode;
  /** No authenticator app is set up yet: set one up first. */
  enrolment: boolean;
  onSignedIn: (user: User) => void;
  /** The password step expired (or the staff member chose to start again). */
  onExpired: () => void;
  onStartOver: () => void;
}

export default function SecondFactor({ brand, enrolment, onSignedIn, onExpired, onStartOver }: SecondFactorProps) {
  const t = useT();
  const footer = (
    <button type="button" className="inline-flex min-h-11 items-center font-semibold text-green-800 underline" onClick={onStartOver}>
      {t('twoFactor.startOver')}
    </button>
  );
  const Step = enrolment ? EnrolmentStep : CodeStep;
  return <Step brand={brand} onSignedIn={onSignedIn} onExpired={onExpired} footer={footer} />;
}
