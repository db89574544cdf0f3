// "Find my order": a guest (often with no e-mail address to keep the confirmation in) opens an
// order again with its number and the mobile number given at checkout.
import '@/components/order-paper/messages';
import { useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useDocumentTitle } from '@/lib/document-title';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useFindOrder } from '@/features/orders/api/find-order';
import { paths } from '@/lib/paths';

export function FindOrderScreen() {
  const t = useT();
  useDocumentTitle(t('order.find.title'));
  const navigate = useNavigate();
  const find = useFindOrder();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, find.error);
  const errors = fieldErrors(find.error);
  // A wrong number or phone (404) and too many tries (429) are said above the form.
  const alert = formError(find.error, ['order_number', 'phone'], t('order.find.unreachable'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    find.mutate(
      { order_number: String(data.get('order_number') ?? ''), phone: String(data.get('phone') ?? '') },
      { onSuccess: (order) => void navigate(paths.viewOrder.getHref(order.uuid)) },
    );
  };

  return (
    <div className="container-page max-w-xl py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('order.find.title')}</h1>
      <p className="mt-3 text-stone-800">{t('order.find.intro')}</p>
      <form ref={form} noValidate onSubmit={submit} className="mt-6 space-y-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField id="find-number" name="order_number" required autoCapitalize="characters" autoComplete="off" spellCheck={false} label={t('order.find.number')} hint={t('order.find.numberHint')} error={errors.order_number} />
        <TextField id="find-phone" name="phone" type="tel" inputMode="tel" required autoComplete="tel" label={t('order.find.phone')} hint={t('order.find.phoneHint')} error={errors.phone} />
        <button type="submit" className="btn-primary w-full" disabled={find.isPending}>
          {find.isPending ? t('order.find.finding') : t('order.find.submit')}
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-700">
        {t('order.find.account')}{' '}
        <Link to={paths.account.getHref()} className="inline-flex min-h-11 items-center font-medium text-green-800 underline underline-offset-2">
          {t('nav.account')}
        </Link>
      </p>
    </div>
  );
}
