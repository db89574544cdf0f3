import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { seedInitialData } from '@/app/initial-data';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'initial-data';
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('seedInitialData', () => {
  it('puts each embedded answer under its query key and removes the element', () => {
    const doc = pageWith(
      JSON.stringify({
        queries: [
          { key: ['products', 'neem-oil'], data: { name: 'Neem </script> oil' } },
          { key: ['brands', 'acme', 'products'], page: { data: [{ slug: 'a' }], total: 30, page: 1, per_page: 24, has_more: true } },
        ],
      }).replace(/</g, '\\u003c'),
    );
    const client = createQueryClient();
    seedInitialData(client, doc);
    expect(client.getQueryData(['products', 'neem-oil'])).toEqual({ name: 'Neem </script> oil' });
    expect(client.getQueryData(['brands', 'acme', 'products'])).toEqual({
      pages: [{ items: [{ slug: 'a' }], total: 30, page: 1, hasMore: true }],
      pageParams: [1],
    });
    expect(client.getQueryState(['products', 'neem-oil'])?.isInvalidated).toBe(false);
    expect(doc.getElementById('initial-data')).toBeNull();
  });

  it('leaves the cache empty when the page embeds nothing or something unreadable', () => {
    const client = createQueryClient();
    seedInitialData(client, document.implementation.createHTMLDocument('page'));
    seedInitialData(client, pageWith('{not json'));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
