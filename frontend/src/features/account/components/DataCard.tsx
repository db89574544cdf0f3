// The shopper's rights over their data (India's DPDP Act 2023): a copy downloaded at once, and
// erasure once they confirm with their password (or, for an account without one, a code sent to
// their verified phone). Their orders stay with what the tax rules need; then they are signed out.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert';
import { codeFrom, OneTimeCodeField } from '@/components/form/OneTimeCodeField';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import type { User } from '@/types/api';
import { myDataUrl, useEraseAccount, useSendErasureCode } from '@/features/account/api/data-rights';
import { AccountCard } from '@/features/account/components/AccountCard';

export function DataCard({ user }: { user: User }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const erase = useEraseAccount();
  const sendCode = useSendErasureCode();
  useFocusFirstInvalid(form, erase.error);
  const errors = fieldErrors(erase.error);
  const alert = formError(erase.error, ['password', 'code'], t('auth.unreachable'));
  // An account opened with a phone alone has no password: a code to its verified number confirms.
  const byCode = !user.has_password && Boolean(user.phone && user.phone_verified_at);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const input = byCode ? { code: codeFrom(target) } : { password: String(new FormData(target).get('password') ?? '') };
    erase.mutate(input, {
      onSuccess: ({ message }) => {
        toast.success(t('account.data.erased'), message);
        void navigate(paths.home.getHref(), { replace: true });
      },
    });
  };

  return (
    <AccountCard titleId={titleId} title={t('account.data.title')}>
      <p className="text-stone-800">{t('account.data.intro')}</p>
      <a href={myDataUrl()} download className="btn-secondary mt-4">
        {t('account.data.download')}
      </a>
      {asking ? (
        <form ref={form} noValidate onSubmit={submit} className="mt-5 space-y-4 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="text-stone-900">{t('account.data.eraseWarning')}</p>
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          {byCode ? (
            <>
              <button type="button" className="btn-secondary" disabled={sendCode.isPending || sendCode.isSuccess} onClick={() => user.phone && sendCode.mutate(user.phone)}>
                {sendCode.isSuccess ? t('account.data.codeSent') : t('account.data.sendCode')}
              </button>
              <OneTimeCodeField id="erase-code" label={t('account.data.code')} error={errors.code} />
            </>
          ) : (
            <TextField id="erase-password" name="password" type="password" autoComplete="current-password" required label={t('account.field.currentPassword')} error={errors.password} />
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={erase.isPending}>
              {erase.isPending ? t('account.data.erasing') : t('account.data.eraseConfirm')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="mt-4 block text-sm font-medium text-red-800 underline" onClick={() => setAsking(true)}>
          {t('account.data.erase')}
        </button>
      )}
    </AccountCard>
  );
}
