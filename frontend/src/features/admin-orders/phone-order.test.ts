import { describe, expect, it } from 'vitest';
import { addLine, emptyPhoneOrder, fromEarlier, phoneOrderBody } from '@/features/admin-orders/phone-order';

const knife = { variantId: 7, name: 'Banana bunch knife', price: 250, stock: 40 };

describe('an order taken on the phone', () => {
  it('adds a pack size once, and one more of it when added again', () => {
    const once = addLine([], knife);
    expect(once).toEqual([{ ...knife, quantity: 1 }]);
    expect(addLine(once, knife)).toEqual([{ ...knife, quantity: 2 }]);
    expect(addLine(once, { ...knife, variantId: 8 })).toHaveLength(2);
  });

  it('fills the caller and address from an earlier order', () => {
    const filled = fromEarlier(
      { ...emptyPhoneOrder, phone: '98470 12345' },
      {
        number: 'ORD-2026-000001',
        placed_at: '2026-11-20T10:00:00Z',
        name: 'Anitha Joseph',
        email: null,
        shipping_address: { name: 'Anitha Joseph', phone: '+919847012345', line1: 'Puthenpurackal Estate', line2: null, city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685509' },
      },
    );
    expect(filled).toMatchObject({ phone: '98470 12345', name: 'Anitha Joseph', email: '', line2: '', city: 'Kumily', pincode: '685509' });
  });

  it('sends the caller’s answer, the lines and no blanks', () => {
    const fields = { ...emptyPhoneOrder, phone: ' 98470 12345 ', name: ' Anitha ', line1: 'Estate', city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685 509', payment: 'upi' as const, language: 'ml' as const, consent: true };
    const body = phoneOrderBody(fields, [{ ...knife, quantity: 3 }]);
    expect(body.contact).toEqual({ name: 'Anitha', email: null, phone: '98470 12345' });
    expect(body.shipping_address).toMatchObject({ name: 'Anitha', phone: '98470 12345', line2: null, pincode: '685509' });
    expect(body.lines).toEqual([{ variant_id: 7, quantity: 3 }]);
    expect(body).toMatchObject({ payment_method: 'upi', order_updates_on_phone: true, language: 'ml', notes: null });
  });
});
