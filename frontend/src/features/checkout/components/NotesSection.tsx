import { TextAreaField } from '@/components/form/TextAreaField';
import { useT } from '@/lib/i18n';
import { CheckoutSection } from '@/features/checkout/components/CheckoutSection';
import type { CheckoutFormState } from '@/features/checkout/use-checkout-form';

/** Anything the shop should know about the order. */
export function NotesSection({ state }: { state: CheckoutFormState }) {
  const t = useT();
  return (
    <CheckoutSection title={t('checkout.section.notes')}>
      <TextAreaField
        id="notes"
        name="notes"
        label={t('checkout.field.notes')}
        optional
        hint={t('checkout.field.notesHint')}
        rows={3}
        maxLength={1000}
        value={state.form.notes}
        error={state.errors.notes}
        onChange={(event) => state.set('notes', event.target.value)}
      />
    </CheckoutSection>
  );
}
