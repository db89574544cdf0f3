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
import type { ContactBody } from '@/types/api';
import { useSendContactMessage } from '@/features/pages/api/send-contact-message';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'];

/** The contact page's message form; a signed-in shopper finds their name and address filled in. */
export function ContactForm() {
  const t = useT();
  const toast = useToast();
  const titleId = useId();
  const { data: user } = useUser();
  const send = useSendContactMessage();
  const form = useRef<HTMLFormElement>(null);
  // A sent message clears the form: a new key starts its fields afresh.
  const [round, setRound] = useState(0);
  useFocusFirstInvalid(form, send.error);
  const errors = fieldErrors(send.error);
  const alert = formError(send.error, FIELDS, t('auth.unreachable'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const input: ContactBody = { name: value('name'), email: value('email'), message: value('message') };
    if (value('phone')) input.phone = value('phone');
    if (value('subject')) input.subject = value('subject');
    send.mutate(input, {
      onSuccess: ({ message }) => {
        toast.success(t('contact.form.sent'), message);
        send.reset();
        setRound((n) => n + 1);
      },
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
        <TextField id="contact-name" name="name" autoComplete="name" required label={t('contact.form.name')} defaultValue={user?.name} error={errors.name} />
        <TextField id="contact-email" name="email" type="email" autoComplete="email" required label={t('contact.form.email')} defaultValue={user?.email ?? undefined} error={errors.email} />
        <PhoneInput id="contact-phone" name="phone" label={t('contact.form.phone')} defaultValue={user?.phone ?? undefined} error={errors.phone} />
        <TextField id="contact-subject" name="subject" maxLength={150} label={t('contact.form.subject')} error={errors.subject} />
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
