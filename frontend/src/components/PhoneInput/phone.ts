// Reading, checking and formatting a number for the chosen country with libphonenumber-js's
// smallest ("min") metadata. Only the phone input's lazy chunk (and the user area) import this.
import { AsYouType, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/examples.mobile.json';
import type { PhoneResult } from '@/components/PhoneInput/types';

/** Enough for the longest E.164 number with a trunk prefix in front. */
const MAX_DIGITS = 17;

export interface ParsedPhone extends PhoneResult {
  /** What the field shows: the digits, formatted for the country once they make a valid number. */
  display: string;
}

export const onlyDigits = (text: string): string => text.replace(/\D/g, '').slice(0, MAX_DIGITS);

/**
 * A valid number as typed, formatted (`98470 12345`). Where the country writes numbers only with
 * its trunk prefix (a British `7400123456` stays unformatted as typed) its national form
 * (`07400 123456`) is shown instead.
 */
function formatValid(number: PhoneNumber, digits: string, country: CountryCode): string {
  const typed = new AsYouType(country).input(digits);
  return typed === digits ? number.formatNational() : typed;
}

/** The number typed (digits only, national) read for the country. */
export function parsePhone(digits: string, country: CountryCode): ParsedPhone {
  if (digits === '') return { isValid: false, phoneNumber: '', display: '' };
  const parsed = parsePhoneNumberFromString(digits, country);
  // Countries sharing a calling code (the United States and Canada) accept each other's numbers.
  if (parsed?.isValid() && parsed.countryCallingCode === getCountryCallingCode(country)) {
    return { isValid: true, phoneNumber: parsed.number, display: formatValid(parsed, digits, country) };
  }
  return { isValid: false, phoneNumber: `+${getCountryCallingCode(country)}${digits}`, display: digits };
}

/**
 * A number given with its international code ("+44 7400 123456", pasted or filled in by the
 * browser, or a saved E.164 number): its country and national digits, when it has a country.
 */
export function splitInternational(text: string): { country: CountryCode; digits: string } | undefined {
  const parsed = parsePhoneNumberFromString(text.trim());
  return parsed?.country ? { country: parsed.country, digits: parsed.nationalNumber } : undefined;
}

/** The country's example mobile number, written as the field would show it. */
export function examplePlaceholder(country: CountryCode): string {
  const example = (examples as Partial<Record<CountryCode, string>>)[country];
  return example ? parsePhone(example, country).display : '';
}

/** A saved E.164 number written for people (`+91 98470 12345`). */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
