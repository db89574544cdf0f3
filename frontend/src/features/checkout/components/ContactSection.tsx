import { Link } from 'react-router';
import { TextField } from '@/components/form/TextField';
import { useT } from '@/lib/i18n';
import { CheckoutSection } from '@/features/checkout/components/CheckoutSection';
import { OrderUpdatesChoice } from '@/features/checkout/components/OrderUpdatesChoice';
import { PhoneField } from '@/features/checkout/components/PhoneField';
import type { CheckoutFormState } from '@/features/checkout/use-checkout-form';
import { paths } from '@/lib/paths';

/** Who is buying: name, mobile number and (optionally) e-mail; a visitor is offered to sign in instead. */
export function ContactSection({ state, signedIn }: { state: CheckoutFormState; signedIn: boolean }) {
  const t = useT();
  const { form, errors } = state;
  return (
    <CheckoutSection
      title={t('checkout.section.contact')}
      aside={
        signedIn ? null : (
          <p className="text-sm text-stone-700">
            {t('checkout.haveAccount')}{' '}
            <Link to={paths.signIn.getHref({ next: paths.checkout.getHref() })} className="inline-flex min-h-11 items-center font-medium text-green-800 underline underline-offset-2">
              {t('checkout.signIn')}
            </Link>
          </p>
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="contact.name"
          name="contact.name"
          label={t('checkout.field.name')}
          autoComplete="name"
          required
          maxLength={100}
          value={form.contact.name}
          error={errors['contact.name']}
          onChange={(event) => state.setContact({ name: event.target.value })}
        />
        <div>
          <PhoneField
            id="contact.phone"
            name="contact.phone"
            label={t('checkout.field.phone')}
            value={form.contact.phone}
            resetKey={state.phoneKeys.contact}
            error={errors['contact.phone']}
            onChange={(phone) => state.setContact({ phone })}
          />
          <div className="mt-2">
            <OrderUpdatesChoice checked={form.orderUpdates} onChange={(checked) => state.set('orderUpdates', checked)} />
          </div>
        </div>
        <TextField
          id="contact.email"
          name="contact.email"
          type="email"
          inputMode="email"
          label={t('checkout.field.email')}
          hint={t('checkout.field.emailHint')}
          autoComplete="email"
          optional
          value={form.contact.email}
          error={errors['contact.email']}
          onChange={(event) => state.setContact({ email: event.target.value })}
        />
      </div>
    </CheckoutSection>
  );
}
