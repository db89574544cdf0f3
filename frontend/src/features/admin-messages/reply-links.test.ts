import { describe, expect, it } from 'vitest';
import { replyLinks, replySubject, whatsappDigits } from '@/features/admin-messages/reply-links';
import { inboxStateFromParams, paramsFromInboxState, preview } from '@/features/admin-messages/inbox-filter';

describe('reply links', () => {
  it('offers mail, a call and WhatsApp when a phone was given', () => {
    const links = replyLinks({ email: 'ravi@example.in', phone: '+919447022222', subject: 'Drip kit & filters' }, 'WellRoot');
    expect(links).toEqual([
      { label: 'Reply by e-mail', href: 'mailto:ravi@example.in?subject=Re%3A%20Drip%20kit%20%26%20filters', external: false },
      { label: 'Call', href: 'tel:+919447022222', external: false },
      { label: 'WhatsApp', href: 'https://wa.me/919447022222', external: true },
    ]);
  });

  it('offers mail alone without a phone', () => {
    expect(replyLinks({ email: 'meera@example.in', phone: null, subject: null }, 'WellRoot').map((link) => link.label)).toEqual(['Reply by e-mail']);
  });

  it('quotes the subject once and names the shop without one', () => {
    expect(replySubject('Re: price', 'WellRoot')).toBe('Re: price');
    expect(replySubject('  ', 'WellRoot')).toBe('Re: your message to WellRoot');
  });

  it('gives WhatsApp the digits with the country code', () => {
    expect(whatsappDigits('+91 94470 22222')).toBe('919447022222');
    expect(whatsappDigits('94470 22222')).toBe('919447022222');
    expect(whatsappDigits('12345')).toBeNull();
  });
});

describe('the inbox filter', () => {
  it('shows waiting messages by default and keeps the default out of the address', () => {
    expect(inboxStateFromParams(new URLSearchParams(''))).toEqual({ status: 'open', page: 1 });
    expect(inboxStateFromParams(new URLSearchParams('status=bogus&page=x'))).toEqual({ status: 'open', page: 1 });
    expect(inboxStateFromParams(new URLSearchParams('status=handled&page=3'))).toEqual({ status: 'handled', page: 3 });
    expect(paramsFromInboxState({ status: 'open', page: 1 }).toString()).toBe('');
    expect(paramsFromInboxState({ status: 'all', page: 2 }).toString()).toBe('status=all&page=2');
  });

  it('previews a message on one line', () => {
    expect(preview('Hello,\n\nPlease   call me.')).toBe('Hello, Please call me.');
    expect(preview('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
