import { useId, useRef, useState, type FormEvent } from 'react';
import '@/features/pages/messages';
import { FormAlert } from '@/components/form/FormAlert';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { PhoneInput } from '@/components/PhoneInput/PhoneInput';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useUser } from '@/lib/queries/user';
import { useSendContactMessage } from '@/features/pages/api/send-contact-message';
import type { ContactBody } from '@/types/api';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'];

/** No number, or one libphonenumber-js finds valid (its code loads with the phone field anyway). */
async function numberIsValid(number: string): Promise<boolean> {
  if (!number) return true;
  const { isValidPhoneNumber } = await import('libphonenumber-js/min');
  return isValidPhoneNumber(number);
}

/** The contact page's message form; a signed-in shopper finds their name, number and address filled in. */
export function ContactForm() {
  const t = useT();
  const toast = useToast();
  const titleId = useId();
  const { data: user } = useUser();
  const send = useSendContactMessage();
  const form = useRef<HTMLFormElement>(null);
  // A sent message clears the form: a new key starts its fields afresh.
  const [round, setRound] = useState(0);
  /** The form's own finding: neither a phone nor an e-mail address was given. */
  const [noWayBack, setNoWayBack] = useState(false);
  useFocusFirstInvalid(form, send.error ?? noWayBack);
  const errors = fieldErrors(send.error);
  const needOne = noWayBack ? t('contact.form.needOne') : undefined;
  const alert = formError(send.error, FIELDS, t('auth.unreachable'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    // The phone field's hidden value: empty, or the number with its country's code (E.164 once valid).
    const number = value('phone');
    if (!number && !value('email')) {
      send.reset();
      setNoWayBack(true);
      return;
    }
    setNoWayBack(false);
    const input: ContactBody = { name: value('name'), message: value('message') };
    if (value('email')) input.email = value('email');
    if (value('subject')) input.subject = value('subject');
    void numberIsValid(number).then((valid) => {
      // A number typed wrong is not sent: the field already says "Invalid phone number".
      if (!valid) return form.current?.querySelector<HTMLElement>('input[type="tel"]')?.focus();
      if (number) input.phone = number;
      send.mutate(input, {
        onSuccess: ({ message }) => {
          toast.success(t('contact.form.sent'), message);
          send.reset();
          setRound((n) => n + 1);
        },
      });
    });
  };

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6">
      <h2 id={titleId} className="text-xl font-bold text-stone-900">
        {t('contact.form.title')}
      </h2>
      <p className="mt-1 text-stone-800">{t('contact.form.intro')}</p>
      <form key={`${round}-${user?.id ?? ''}`} ref={form} noValidate onSubmit={submit} className="mt-5 grid gap-5 sm:grid-cols-2">
        {alert ? (
          <div className="sm:col-span-2">
            <FormAlert>{alert}</FormAlert>
          </div>
        ) : null}
        <TextField id="contact-name" name="name" autoComplete="name" required label={t('contact.form.name')} defaultValue={user?.name} error={errors.name} className="sm:col-span-2" />
        <p className="text-stone-800 sm:col-span-2">{t('contact.form.reachHint')}</p>
        <PhoneInput
          id="contact-phone"
          name="phone"
          label={t('contact.form.phone')}
          defaultValue={user?.phone || undefined}
          error={errors.phone ?? needOne}
        />
        <TextField id="contact-email" name="email" type="email" autoComplete="email" label={t('contact.form.email')} defaultValue={user?.email || undefined} error={errors.email ?? needOne} />
        <TextField id="contact-subject" name="subject" maxLength={150} label={t('contact.form.subject')} error={errors.subject} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <TextAreaField id="contact-message" name="message" required maxLength={5000} rows={6} label={t('contact.form.message')} hint={t('contact.form.messageHint')} error={errors.message} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
            {send.isPending ? t('auth.sending') : t('contact.form.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
