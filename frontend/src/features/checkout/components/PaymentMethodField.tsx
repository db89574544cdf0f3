import { FieldError } from '@/components/form/FieldError';
import { useT, type MessageId } from '@/lib/i18n';
import type { PaymentMethod } from '@/types/orders';

const METHODS: { value: PaymentMethod; label: MessageId; hint: MessageId }[] = [
  { value: 'cod', label: 'checkout.payment.cod', hint: 'checkout.payment.codHint' },
  { value: 'bank_transfer', label: 'checkout.payment.bank', hint: 'checkout.payment.bankHint' },
];

export function PaymentMethodField({ value, onChange, error }: { value: PaymentMethod; onChange: (method: PaymentMethod) => void; error?: string }) {
  const t = useT();
  return (
    <fieldset aria-describedby={error ? 'payment_method-error' : undefined}>
      <legend className="sr-only">{t('checkout.section.payment')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {METHODS.map((method) => {
          const selected = method.value === value;
          return (
            <label
              key={method.value}
              className={`flex cursor-pointer gap-3 rounded-lg border p-4 ${selected ? 'border-green-700 bg-green-50 ring-1 ring-green-700' : 'border-stone-300 bg-white hover:border-green-700'}`}
            >
              <input
                id={method.value === 'cod' ? 'payment_method' : undefined}
                type="radio"
                name="payment_method"
                value={method.value}
                checked={selected}
                onChange={() => onChange(method.value)}
                className="mt-1 size-5 shrink-0 accent-green-800"
              />
              <span>
                <span className="block font-semibold text-stone-900">{t(method.label)}</span>
                <span className="mt-0.5 block text-sm text-stone-700">{t(method.hint)}</span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id="payment_method-error">{error}</FieldError>
    </fieldset>
  );
}
