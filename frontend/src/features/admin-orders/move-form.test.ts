import { describe, expect, it } from 'vitest';
import { emptyMove, moveBody, moveProblems, parseRupees, todayInIndia } from '@/features/admin-orders/move-form';
import { telLink, whatsAppLink } from '@/features/admin-orders/contact-links';
import { activeFilterCount, listQuery, withFilter } from '@/features/admin-orders/urls';
import { moveButton, reachSentence } from '@/features/admin-orders/reach';

describe('moving an order', () => {
  it('asks a shipment for its carrier and tracking number, a cancellation for its reason', () => {
    expect(moveProblems('shipped', emptyMove)).toEqual({ carrier: expect.any(String), tracking_number: expect.any(String) });
    expect(moveProblems('shipped', { ...emptyMove, carrier: 'DTDC', trackingNumber: ' ' })).toHaveProperty('tracking_number');
    expect(moveProblems('cancelled', { ...emptyMove, reason: '  ' })).toHaveProperty('reason');
    expect(moveProblems('confirmed', emptyMove)).toEqual({});
  });

  it('takes an e-way bill of 12 digits, spaces allowed as printed', () => {
    const shipment = { ...emptyMove, carrier: 'DTDC', trackingNumber: 'D1' };
    expect(moveProblems('shipped', { ...shipment, ewayBill: '3310 0012 3456' })).toEqual({});
    expect(moveProblems('shipped', { ...shipment, ewayBill: '33100012345' })).toHaveProperty('eway_bill_number');
    expect(moveProblems('shipped', { ...shipment, ewayBill: '33100012345X' })).toHaveProperty('eway_bill_number');
    expect(moveBody('shipped', { ...shipment, ewayBill: '3310 0012 3456' })).toMatchObject({ eway_bill_number: '331000123456' });
  });

  it('sends only what the status takes, trimmed', () => {
    const fields = { carrier: ' India Post ', trackingNumber: ' EK 1 IN', ewayBill: '', reason: 'left over', note: ' ' };
    expect(moveBody('shipped', fields)).toEqual({ status: 'shipped', carrier: 'India Post', tracking_number: 'EK1IN', eway_bill_number: null, reason: null, note: null });
    expect(moveBody('cancelled', fields)).toEqual({ status: 'cancelled', carrier: null, tracking_number: null, eway_bill_number: null, reason: 'left over', note: null });
  });
});

describe('payments', () => {
  it('reads rupees as staff type them', () => {
    expect(parseRupees('1,250.50')).toBe(1250.5);
    expect(parseRupees('₹ 600')).toBe(600);
    expect(parseRupees('0')).toBeUndefined();
    expect(parseRupees('12.345')).toBeUndefined();
    expect(parseRupees('abc')).toBeUndefined();
  });

  it('takes today as India’s day, not the browser’s', () => {
    // 20:00 UTC on 23 November is already 24 November in India.
    expect(todayInIndia(new Date('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
  });
});

describe('contact links', () => {
  it('calls and opens WhatsApp with the digits and the country code', () => {
    expect(telLink('+91 98470 12345')).toBe('tel:+919847012345');
    expect(whatsAppLink('+919847012345')).toBe('https://wa.me/919847012345');
    expect(whatsAppLink('98470 12345')).toBe('https://wa.me/919847012345');
    expect(whatsAppLink('09847012345')).toBe('https://wa.me/919847012345');
  });
});

describe('the list’s URL', () => {
  it('keeps only the filters the API knows, and goes back to page 1 when one changes', () => {
    const params = new URLSearchParams('status=shipped&q=%20anitha%20&page=3&junk=1&from=');
    expect(listQuery(params, 25)).toEqual({ status: 'shipped', q: 'anitha', page: '3', per_page: '25' });
    expect(withFilter(params, 'payment_method', 'cod').get('page')).toBeNull();
    expect(withFilter(params, 'page', '4').get('page')).toBe('4');
    expect(withFilter(params, 'status', '').has('status')).toBe(false);
    expect(activeFilterCount(new URLSearchParams('status=placed&payment_state=paid&to=2026-11-30'))).toBe(2);
  });
});

describe('what the desk says happens', () => {
  const reach = (email: boolean, phone_channel: 'whatsapp' | 'sms' | 'none', phone_consent: boolean) => ({ email, phone_channel, phone_consent });

  it('names each way the customer is told, and only those', () => {
    expect(reachSentence(reach(true, 'whatsapp', true))).toBe('The customer gets an e-mail and a WhatsApp message.');
    expect(reachSentence(reach(true, 'sms', true))).toBe('The customer gets an e-mail and an SMS.');
    expect(reachSentence(reach(false, 'whatsapp', true))).toBe('The customer gets a WhatsApp message.');
    expect(reachSentence(reach(true, 'whatsapp', false))).toBe('The customer gets an e-mail.');
    expect(reachSentence(reach(false, 'sms', false))).toMatch(/^No e-mail or phone channel: send it yourself/);
    expect(reachSentence(reach(false, 'none', true))).toMatch(/Send on WhatsApp/);
  });

  it('words the move button after it', () => {
    expect(moveButton('Ship', reach(true, 'none', false))).toBe('Ship and e-mail the customer');
    expect(moveButton('Ship', reach(false, 'sms', true))).toBe('Ship and message the customer');
    expect(moveButton('Ship', reach(true, 'whatsapp', true))).toBe('Ship and tell the customer');
    expect(moveButton('Ship', reach(false, 'none', false))).toBe('Ship');
  });
});
