import '@/features/auth/messages';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { isApiError } from '@/lib/api-client';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import type { EnrolmentDone, User } from '@/types/api';
import { useTwoFactorConfirm, useTwoFactorSetup } from '@/features/auth/api/two-factor';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { codeFrom, OneTimeCodeField } from '@/components/form/OneTimeCodeField';
import { RecoveryCodes } from '@/features/auth/components/RecoveryCodes';

interface EnrolmentStepProps {
  brand: ReactNode;
  onSignedIn: (user: User) => void;
  onExpired: () => void;
  footer: ReactNode;
}

/**
 * The server's SVG as an image: an <img> never runs what a document holds, unlike markup put into
 * the page. Base64 of its UTF-8 bytes, so any character survives.
 */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** Copies the key for pasting into an authenticator app, and says so. */
function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState<boolean>();
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <button type="button" className="btn-secondary w-full" onClick={copy}>
      <span aria-live="polite">{copied === true ? t('twoFactor.enrol.copied') : copied === false ? t('twoFactor.enrol.copyFailed') : t('twoFactor.enrol.copy')}</span>
    </button>
  );
}

/**
 * A member of staff without an authenticator app sets one up: the QR code and the secret (shown
 * once), a first code to confirm, then the recovery codes. The session is signed in from the
 * confirmation on, but the screen moves on only once the codes are saved.
 */
export function EnrolmentStep({ brand, onSignedIn, onExpired, footer }: EnrolmentStepProps) {
  const t = useT();
  const setup = useTwoFactorSetup();
  const confirm = useTwoFactorConfirm();
  const [done, setDone] = useState<EnrolmentDone | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, confirm.error);
  const expiredOn401 = (error: Error) => {
    if (isApiError(error, 401)) onExpired();
  };

  if (done) return <RecoveryCodes brand={brand} codes={done.recovery_codes} onSaved={() => onSignedIn(done.user)} />;

  const enrolment = setup.data;
  const setupAlert = formError(setup.error, [], t('auth.unreachable'));
  const confirmAlert = formError(confirm.error, ['code'], t('auth.unreachable'));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(codeFrom(event.currentTarget), { onSuccess: setDone, onError: expiredOn401 });
  };

  return (
    <AuthLayout brand={brand} title={t('twoFactor.enrol.title')} intro={t('twoFactor.enrol.intro')} footer={footer}>
      {!enrolment ? (
        <div className="space-y-5">
          {setupAlert ? <FormAlert>{setupAlert}</FormAlert> : null}
          <button type="button" className="btn-primary w-full" disabled={setup.isPending} onClick={() => setup.mutate(undefined, { onError: expiredOn401 })}>
            {setup.isPending ? t('twoFactor.enrol.starting') : t('twoFactor.enrol.start')}
          </button>
        </div>
      ) : (
        <div className="space-y-6">
          <div>
            <p className="font-medium text-stone-900">{t('twoFactor.enrol.scan')}</p>
            <img src={svgDataUrl(enrolment.qr_svg)} alt={t('twoFactor.enrol.qrAlt')} width={208} height={208} className="mx-auto mt-3 size-52 rounded-lg border border-stone-200 bg-white p-2" />
            <p className="mt-3 text-sm text-stone-700">{t('twoFactor.enrol.manual')}</p>
            <p className="mt-1 rounded-lg bg-stone-100 px-3 py-2 text-center font-mono text-sm tracking-wide break-all text-stone-900 select-all">
              {enrolment.secret}
            </p>
            {/* On the phone that holds the app there is nothing to scan: the app opens the key itself. */}
            <div className="mt-3 grid gap-3">
              <a href={enrolment.otpauth_uri} className="btn-primary w-full">
                {t('twoFactor.enrol.openApp')}
              </a>
              <CopyButton text={enrolment.secret} />
            </div>
          </div>
          <form ref={form} noValidate onSubmit={submit} className="space-y-5">
            {confirmAlert ? <FormAlert>{confirmAlert}</FormAlert> : null}
            <OneTimeCodeField id="two-factor-enrol-code" label={t('twoFactor.enrol.enterCode')} error={fieldErrors(confirm.error).code} />
            <button type="submit" className="btn-primary w-full" disabled={confirm.isPending}>
              {confirm.isPending ? t('twoFactor.code.pending') : t('twoFactor.enrol.submit')}
            </button>
          </form>
        </div>
      )}
    </AuthLayout>
  );
}
