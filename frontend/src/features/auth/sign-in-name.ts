// What the one sign-in field holds: an e-mail address when it has an @, else a mobile number,
// read with libphonenumber-js (India unless it starts with another +code). Loaded when the form
// is sent, so the sign-in page does not wait for the phone metadata.

export type SignInName = { email: string } | { phone: string; shown: string };

export const isEmailLike = (text: string) => text.includes('@');

/** A valid number becomes E.164; anything else goes as typed, for the server to name the problem. */
export async function readSignInName(text: string): Promise<SignInName> {
  const typed = text.trim();
  if (isEmailLike(typed)) return { email: typed };
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
  const number = parsePhoneNumberFromString(typed, 'IN');
  return number?.isValid() ? { phone: number.number, shown: number.formatInternational() } : { phone: typed, shown: typed };
}
