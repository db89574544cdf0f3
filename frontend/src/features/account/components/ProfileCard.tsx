import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { formatInternational } from '@/components/PhoneInput/phone';
import { PhoneInput } from '@/components/PhoneInput/PhoneInput';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { parseApiDate } from '@/lib/dates';
import { intlFormat, useLocale, useT } from '@/lib/i18n';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@/lib/locales';
import type { ProfileBody, User } from '@/types/api';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { AccountCard } from '@/features/account/components/AccountCard';

const FIELDS = ['name', 'phone', 'email', 'current_password', 'locale'];

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="mt-0.5 break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** Whether the number or address above was confirmed by its owner. */
function VerifiedMark({ verified }: { verified: boolean }) {
  const t = useT();
  return (
    <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${verified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}>
      {verified ? t('account.profile.verified') : t('account.profile.unverified')}
    </span>
  );
}

/** The language the account's mail comes in: its own, else the page's (as the server falls back). */
const mailLanguage = (user: User, page: string): Locale => {
  const known = (code: string | null): code is Locale => (LOCALES as readonly string[]).includes(code ?? '');
  return known(user.locale) ? user.locale : known(page) ? page : 'en';
};

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const t = useT();
  const page = useLocale();
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(user.email ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  useFocusFirstInvalid(form, update.error);
  const errors = fieldErrors(update.error);
  const alert = formError(update.error, FIELDS, t('auth.unreachable'));
  const emailChanges = email.trim().toLowerCase() !== (user.email ?? '');
  // A number signs in by code, so a new one is confirmed like a new address; an account opened
  // by phone may have no password to confirm either with.
  const phoneChanges = phone !== '' && phone !== (user.phone ?? '');
  const askPassword = (emailChanges || phoneChanges) && user.has_password;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    const input: ProfileBody = { name: value('name'), phone: value('phone'), locale: value('locale') };
    if (emailChanges) Object.assign(input, { email: value('email') });
    if (askPassword) Object.assign(input, { current_password: value('current_password') });
    update.mutate(input, {
      onSuccess: ({ user: saved }) => {
        toast.success(t('account.profile.saved'), saved.email && saved.email !== user.email ? t('account.profile.emailChanged', { email: saved.email }) : undefined);
        onDone();
      },
    });
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-5">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField id="profile-name" name="name" autoComplete="name" required label={t('auth.field.name')} defaultValue={user.name} error={errors.name} />
      <PhoneInput id="profile-phone" name="phone" required label={t('auth.field.phone')} defaultValue={user.phone ?? undefined} onChange={(result) => setPhone(result.phoneNumber)} error={errors.phone} />
      <TextField
        id="profile-email"
        name="email"
        type="email"
        autoComplete="email"
        optional
        label={t('auth.field.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <SelectField id="profile-locale" name="locale" label={t('account.profile.language')} hint={t('account.profile.languageHint')} defaultValue={mailLanguage(user, page)} error={errors.locale}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
      {askPassword ? (
        <TextField
          id="profile-current-password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          label={t('account.field.currentPassword')}
          hint={t('account.profile.passwordHint')}
          error={errors.current_password}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? t('auth.saving') : t('account.profile.save')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone} disabled={update.isPending}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The account's details, and their editing. */
export function ProfileCard({ user }: { user: User }) {
  const t = useT();
  const language = mailLanguage(user, useLocale());
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const done = () => {
    setEditing(false);
    // Back to where the shopper started the edit (the button comes back on the next render).
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <AccountCard
      titleId={titleId}
      title={t('account.profile.title')}
      action={
        editing ? null : (
          <button ref={editButton} type="button" className="btn-secondary min-h-11 px-4" onClick={() => setEditing(true)}>
            {t('account.profile.edit')}
          </button>
        )
      }
    >
      {editing ? (
        <ProfileForm user={user} onDone={done} />
      ) : (
        <dl className="divide-y divide-stone-200">
          <Detail term={t('auth.field.name')}>{user.name}</Detail>
          <Detail term={t('auth.field.phone')}>
            {user.phone ? (
              <>
                {formatInternational(user.phone)} <VerifiedMark verified={Boolean(user.phone_verified_at)} />
              </>
            ) : (
              t('account.profile.none')
            )}
          </Detail>
          <Detail term={t('auth.field.email')}>
            {user.email ? (
              <>
                {user.email} <VerifiedMark verified={Boolean(user.email_verified_at)} />
              </>
            ) : (
              t('account.profile.none')
            )}
          </Detail>
          <Detail term={t('account.profile.language')}>
            <span lang={language}>{LANGUAGE_NAMES[language]}</span>
          </Detail>
          <Detail term={t('account.profile.since')}>{intlFormat('date', { dateStyle: 'long' }).format(parseApiDate(user.created_at))}</Detail>
        </dl>
      )}
    </AccountCard>
  );
}
