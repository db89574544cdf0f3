import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, quantityLimit, readQuantity, stepQuantity } from '@/lib/quantity';

describe('a typed quantity', () => {
  it('is a whole number of units up to what is in stock', () => {
    expect(readQuantity('150', 400)).toEqual({ ok: true, quantity: 150 });
    expect(readQuantity(' 50 ', 400)).toEqual({ ok: true, quantity: 50 });
    expect(readQuantity('0400', 400)).toEqual({ ok: true, quantity: 400 });
    expect(readQuantity('1', 1)).toEqual({ ok: true, quantity: 1 });
  });

  it('says what is wrong with anything else', () => {
    expect(readQuantity('', 40)).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(readQuantity('   ', 40)).toEqual({ ok: false, problem: { kind: 'empty' } });
    for (const text of ['ten', '1.5', '-2', '1e3', '12a', '5,000', '+3']) {
      expect(readQuantity(text, 10_000), text).toEqual({ ok: false, problem: { kind: 'notWhole' } });
    }
    expect(readQuantity('0', 40)).toEqual({ ok: false, problem: { kind: 'belowOne' } });
    expect(readQuantity('000', 40)).toEqual({ ok: false, problem: { kind: 'belowOne' } });
  });

  it('says how many are left when more is asked for than the shop has', () => {
    expect(readQuantity('38', 37)).toEqual({ ok: false, problem: { kind: 'overStock', available: 37 } });
    // Past the line's cap too, what is left is still the useful answer.
    expect(readQuantity('50000', 37)).toEqual({ ok: false, problem: { kind: 'overStock', available: 37 } });
    expect(readQuantity('1', 0)).toEqual({ ok: false, problem: { kind: 'soldOut' } });
  });

  it('never goes past 9,999 on one line, however much is in stock', () => {
    expect(MAX_LINE_QUANTITY).toBe(9999);
    expect(readQuantity('9999', 20_000)).toEqual({ ok: true, quantity: 9999 });
    expect(readQuantity('10000', 20_000)).toEqual({ ok: false, problem: { kind: 'overLimit', max: 9999 } });
    expect(readQuantity('10000', 9999)).toEqual({ ok: false, problem: { kind: 'overLimit', max: 9999 } });
    expect(readQuantity('99999999999999999999999', 20_000)).toEqual({ ok: false, problem: { kind: 'overLimit', max: 9999 } });
  });
});

describe('minus and plus', () => {
  it('stay within 1 and what may be bought', () => {
    expect(stepQuantity(1, -1, 10)).toBeNull();
    expect(stepQuantity(2, -1, 10)).toBe(1);
    expect(stepQuantity(9, 1, 10)).toBe(10);
    expect(stepQuantity(10, 1, 10)).toBeNull();
    expect(stepQuantity(9999, 1, 20_000)).toBeNull();
    expect(quantityLimit(20_000)).toBe(9999);
    expect(quantityLimit(-3)).toBe(0);
  });

  it('take a quantity above what is left straight down to what is left', () => {
    // A cart line of 10 when only 3 are left: 9, 8, ... would each still be refused.
    expect(stepQuantity(10, -1, 3)).toBe(3);
    expect(stepQuantity(4, -1, 3)).toBe(3);
    expect(stepQuantity(12_000, -1, 20_000)).toBe(9999);
    expect(stepQuantity(10, 1, 3)).toBeNull();
    // Nothing left: no quantity can be bought, so minus has nowhere to go (Remove does).
    expect(stepQuantity(10, -1, 0)).toBeNull();
  });
});
