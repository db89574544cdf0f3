import { describe, expect, it } from 'vitest';
import { absoluteUrl, whatsappChatHref, whatsappShareHref } from '@/lib/whatsapp';

describe('WhatsApp links', () => {
  it('open a chat with the number in digits and the text encoded', () => {
    const href = whatsappChatHref('+91 94470 20071', 'Neem Oil (1 L) & more?\nhttps://shop.example.in/dealer/a/b');
    expect(href.startsWith('https://wa.me/919447020071?text=')).toBe(true);
    expect(decodeURIComponent(new URL(href).searchParams.get('text') ?? '')).toBe('Neem Oil (1 L) & more?\nhttps://shop.example.in/dealer/a/b');
  });

  it('share to a chat the shopper picks', () => {
    expect(whatsappShareHref('a b')).toBe('https://wa.me/?text=a%20b');
  });

  it('link a page in the language it is read in', () => {
    expect(absoluteUrl('en', '/dealer/wellroot/neem-oil', 'https://shop.example.in')).toBe('https://shop.example.in/dealer/wellroot/neem-oil');
    expect(absoluteUrl('ml', '/dealer/wellroot/neem-oil', 'https://shop.example.in')).toBe('https://shop.example.in/ml/dealer/wellroot/neem-oil');
  });
});
