import { PhoneInput } from '@/components/PhoneInput/PhoneInput';
import type { PhoneValue } from '@/features/checkout/checkout-form';

interface PhoneFieldProps {
  id: string;
  label: string;
  value: PhoneValue;
  /** The phone input keeps what is typed itself: a new key restarts it from `value`. */
  resetKey: number;
  onChange: (value: PhoneValue) => void;
  error?: string;
  name?: string;
}

export function PhoneField({ id, label, value, resetKey, onChange, error, name }: PhoneFieldProps) {
  return (
    <PhoneInput
      key={resetKey}
      id={id}
      label={label}
      name={name}
      defaultValue={value.number}
      required
      error={error}
      onChange={(result) => onChange({ number: result.phoneNumber, valid: result.isValid })}
    />
  );
}
