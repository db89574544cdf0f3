import type { CountryCode } from 'libphonenumber-js/min';

/** What the phone input reports on every change. */
export interface PhoneResult {
  isValid: boolean;
  /** E.164 (`+919847012345`): the international number; empty while nothing is typed. */
  phoneNumber: string;
}

export interface PhoneInputProps {
  /** The number field's id; the label points at it. */
  id: string;
  label: string;
  /** Said under the field (what the number is for). */
  hint?: string;
  /** The number to start with, international (a saved profile's E.164). */
  defaultValue?: string;
  /** The country to start with when the number does not say (default India). */
  defaultCountry?: CountryCode;
  /** Told of every change (forms may read the hidden input named `name` instead). */
  onChange?: (result: PhoneResult) => void;
  /** The server's message about this field, shown until the shopper types a valid number. */
  error?: string;
  required?: boolean;
  name?: string;
}
