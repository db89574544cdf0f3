import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldErrors, formError } from '@/lib/form-errors';

const invalid = new ApiError(422, 'The email has already been taken. (and 1 more error)', {
  email: ['The email has already been taken.', 'Another'],
  token: ['This link is invalid or has expired.'],
});

describe('form errors', () => {
  it('takes the first message of each field of a 422', () => {
    expect(fieldErrors(invalid)).toEqual({ email: 'The email has already been taken.', token: 'This link is invalid or has expired.' });
    expect(fieldErrors(new ApiError(429, 'Too many attempts.'))).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
  });

  it('puts above the form what belongs to none of its fields', () => {
    expect(formError(undefined, ['email'], 'offline')).toBeUndefined();
    expect(formError(invalid, ['email', 'token'], 'offline')).toBeUndefined();
    expect(formError(invalid, ['email'], 'offline')).toBe('This link is invalid or has expired.');
    expect(formError(new ApiError(429, 'Too many attempts. Please try again in 5 seconds.'), ['email'], 'offline')).toBe('Too many attempts. Please try again in 5 seconds.');
    expect(formError(new ApiError(422, 'The body must be a JSON object.'), ['email'], 'offline')).toBe('The body must be a JSON object.');
    expect(formError(new TypeError('Failed to fetch'), ['email'], 'offline')).toBe('offline');
  });
});
