// Reading a failed form submission: a 422 names its fields (`errors`), anything else is a message
// for the form as a whole.
import { isApiError } from '@/lib/api-client';

/** The first message of each field a 422 named; nothing for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error, 422)) return {};
  return Object.fromEntries(
    Object.entries(error.errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
}

/**
 * What to say above the form: the server's message when it is about none of the form's fields
 * (a 429's "Too many attempts...", a 422 on a hidden field such as `token`), `fallback` when the
 * shop could not be reached at all; nothing when each problem sits beside its field.
 */
export function formError(error: unknown, fields: readonly string[], fallback: string): string | undefined {
  if (!error) return undefined;
  if (!isApiError(error)) return fallback;
  if (error.status !== 422) return error.message;
  const unplaced = Object.entries(fieldErrors(error)).filter(([field]) => !fields.includes(field));
  if (unplaced.length > 0) return unplaced.map(([, message]) => message).join(' ');
  return Object.keys(error.errors).length === 0 ? error.message : undefined;
}
