import { describe, expect, it } from 'vitest';
import { emptyAddress, initialForm } from '@/features/checkout/checkout-form';
import { gstinStateMismatch, supplyStateName } from '@/features/checkout/gstin-state';
import { states } from '@/testing/orders';

const form = (gstin: string, billing: string, billingSame = false) => ({
  ...initialForm(),
  gstInvoice: true,
  gstin,
  billingSame,
  shipping: { ...emptyAddress(), state: 'Kerala' },
  billing: { ...emptyAddress(), state: billing },
});

describe('a GSTIN’s state against the billing address', () => {
  it('names both states when they differ', () => {
    expect(gstinStateMismatch(form('33AAPFU0939F1Z2', 'Kerala'), states)).toEqual({ registered: { name: 'Tamil Nadu', code: '33' }, billing: { name: 'Kerala', code: '32' } });
  });

  it('takes the delivery address as the billing address when they are the same', () => {
    expect(gstinStateMismatch(form('33AAPFU0939F1Z2', 'Tamil Nadu', true), states)?.billing.name).toBe('Kerala');
  });

  it('says nothing when they agree, no GSTIN is asked for, or a state is not known yet', () => {
    expect(gstinStateMismatch(form('33AAPFU0939F1Z2', 'Tamil Nadu'), states)).toBeNull();
    expect(gstinStateMismatch({ ...form('33AAPFU0939F1Z2', 'Kerala'), gstInvoice: false }, states)).toBeNull();
    expect(gstinStateMismatch(form('33AAPFU0939F1Z2', ''), states)).toBeNull();
    expect(gstinStateMismatch(form('99AAPFU0939F1Z2', 'Kerala'), states)).toBeNull();
    expect(gstinStateMismatch(form('33AAPFU0939F1Z2', 'Kerala'), [])).toBeNull();
  });
});

describe('the state of supply at checkout', () => {
  it('is the GSTIN’s for a registered buyer, else the delivery state', () => {
    expect(supplyStateName(form('33AAPFU0939F1Z2', 'Kerala'), states)).toBe('Tamil Nadu');
    expect(supplyStateName({ ...form('33AAPFU0939F1Z2', 'Kerala'), gstInvoice: false }, states)).toBe('Kerala');
    expect(supplyStateName(form('3', 'Kerala'), states)).toBe('Kerala');
  });
});
