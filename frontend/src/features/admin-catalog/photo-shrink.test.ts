import { describe, expect, it } from 'vitest';
import { LONGEST_SIDE, shrunkSize } from '@/features/admin-catalog/photo-shrink';

describe('a photo before upload', () => {
  it('is made smaller from a 50-megapixel phone camera, keeping its shape', () => {
    expect(shrunkSize(8160, 6120, 14_000_000)).toEqual({ width: LONGEST_SIDE, height: 2400 });
    expect(shrunkSize(6120, 8160, 14_000_000)).toEqual({ width: 2400, height: LONGEST_SIDE });
  });

  it('is sent as it is when already small enough', () => {
    expect(shrunkSize(4000, 3000, 3_500_000)).toBeNull();
    expect(shrunkSize(1200, 900, 200_000)).toBeNull();
  });

  it('is shrunk when the file alone is too heavy, even at a modest size', () => {
    expect(shrunkSize(3000, 2000, 9_000_000)).toEqual({ width: 3000, height: 2000 });
  });
});
