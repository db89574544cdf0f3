import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { classifyCheckoutError } from '@/features/checkout/classify-error';

const shown = (...paths: string[]) => (path: string) => paths.includes(path);
const nothingShown = shown();
/** A failure that is only a banner: no field errors, the cart and the key as they were. */
const bannerOnly = (problem: object) => ({ problem, fieldErrors: {}, cartOutdated: false, renewKey: false });

describe('classifyCheckoutError', () => {
  it('lists the lines a 409 found short of stock, and says the cart is out of date', () => {
    const lines = [
      { product_id: 1, variant_id: 10, name: 'Cardamom Booster', requested: 3, available: 1 },
      { product_id: 2, variant_id: 20, name: 'Neem Cake Powder', requested: 2, available: 0 },
    ];
    const error = new ApiError(409, 'Some items are no longer available in the quantity you chose.', {}, { lines });
    expect(classifyCheckoutError(error, nothingShown)).toEqual({
      problem: { kind: 'stock', message: 'Some items are no longer available in the quantity you chose.', lines },
      fieldErrors: {},
      cartOutdated: true,
      renewKey: false,
    });
  });

  it('takes a 409 without lines (the same key still being placed) for a refusal with its message', () => {
    const error = new ApiError(409, 'This order is already being placed.', {}, { message: 'This order is already being placed.' });
    expect(classifyCheckoutError(error, nothingShown)).toEqual(bannerOnly({ kind: 'failed', message: 'This order is already being placed.' }));
  });

  it('puts a 422’s messages beside the fields the form shows, and the rest in the banner', () => {
    const error = new ApiError(422, 'The email must be a valid email address. (and 3 more errors)', {
      'contact.email': ['The email must be a valid email address.', 'The email may not be longer than 255 characters.'],
      'shipping_address.pincode': ['The PIN code must be 6 digits and not start with 0.'],
      'billing_address.city': ['The city is required.'],
      cart: ['Your cart is empty.'],
    });
    const failure = classifyCheckoutError(error, shown('contact.email', 'shipping_address.pincode'));
    // Only the first message of a field; a field the form does not show (billing is the same as
    // delivery) goes to the banner like the cart's.
    expect(failure.fieldErrors).toEqual({
      'contact.email': 'The email must be a valid email address.',
      'shipping_address.pincode': 'The PIN code must be 6 digits and not start with 0.',
    });
    expect(failure.problem).toEqual({ kind: 'fields', count: 2, general: ['The city is required.', 'Your cart is empty.'] });
    expect(failure.cartOutdated).toBe(true);
    expect(failure.renewKey).toBe(false);
  });

  it('asks for a new key when a 422 refuses the Idempotency-Key, without calling the cart out of date', () => {
    const error = new ApiError(422, 'The key was used for another order.', { idempotency_key: ['The key was used for another order.'] });
    expect(classifyCheckoutError(error, nothingShown)).toEqual({
      problem: { kind: 'fields', count: 0, general: ['The key was used for another order.'] },
      fieldErrors: {},
      cartOutdated: false,
      renewKey: true,
    });
  });

  it('falls back to the 422’s message when it names no field, or a field without a message', () => {
    expect(classifyCheckoutError(new ApiError(422, 'The given data was invalid.'), nothingShown).problem).toEqual({
      kind: 'fields',
      count: 0,
      general: ['The given data was invalid.'],
    });
    const failure = classifyCheckoutError(new ApiError(422, 'The given data was invalid.', { notes: [] }), shown('notes'));
    expect(failure.fieldErrors).toEqual({ notes: 'The given data was invalid.' });
    expect(failure.problem).toEqual({ kind: 'fields', count: 1, general: [] });
  });

  it('hides a server failure’s own message, and says so when there was no answer at all', () => {
    expect(classifyCheckoutError(new ApiError(503, 'Server Error'), nothingShown)).toEqual(bannerOnly({ kind: 'server' }));
    expect(classifyCheckoutError(new ApiError(500, 'SQLSTATE[HY000]'), nothingShown)).toEqual(bannerOnly({ kind: 'server' }));
    expect(classifyCheckoutError(new TypeError('Failed to fetch'), nothingShown)).toEqual(bannerOnly({ kind: 'network' }));
  });

  it('passes on the message of any other refusal (a 429, a 403)', () => {
    expect(classifyCheckoutError(new ApiError(429, 'Too many attempts. Please try again in a minute.'), nothingShown)).toEqual(
      bannerOnly({ kind: 'failed', message: 'Too many attempts. Please try again in a minute.' }),
    );
    expect(classifyCheckoutError(new ApiError(403, 'Your email address is not verified.'), nothingShown)).toEqual(
      bannerOnly({ kind: 'failed', message: 'Your email address is not verified.' }),
    );
  });
});
