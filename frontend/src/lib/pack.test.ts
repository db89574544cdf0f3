import { describe, expect, it } from 'vitest';
import { packNamed, packSlug } from '@/lib/pack';

const [five, twentyFive, twentyFiveAgain, halfKilo] = [
  { id: 7, variant_name: '5 kg' },
  { id: 8, variant_name: '25 kg' },
  { id: 9, variant_name: '25 KG' },
  { id: 10, variant_name: 'അര കിലോ' },
] as const;
const variants = [five, twentyFive, twentyFiveAgain, halfKilo];

describe('a pack in the address', () => {
  it('is spelled from its name, with its number when the name does not tell it apart', () => {
    expect(packSlug(five, variants)).toBe('5-kg');
    expect(packSlug(twentyFive, variants)).toBe('25-kg-8');
    expect(packSlug(twentyFiveAgain, variants)).toBe('25-kg-9');
    expect(packSlug(halfKilo, variants)).toBe('10');
  });

  it('names the variant it was made from, and nothing for another spelling', () => {
    for (const variant of variants) expect(packNamed(packSlug(variant, variants), variants)).toBe(variant);
    expect(packNamed('50-kg', variants)).toBeUndefined();
    expect(packNamed(null, variants)).toBeUndefined();
  });
});
