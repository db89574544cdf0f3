import { describe, expect, it, vi } from 'vitest';
import { api, apiRequest, ApiError, isApiError, mayHaveSession } from '@/lib/api-client';
import { json, mockApi } from '@/testing/api-mock';

describe('api client', () => {
  it('sends cookies, the script marker and the anti-forgery token on every call', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
    const mock = mockApi({ 'POST /api/cart/add': () => ({ ok: true }), 'GET /api/shop': () => ({}) });
    await api('/api/cart/add', { method: 'POST', body: { product_id: 1, quantity: 2, variant_id: 3 } });
    await api('/api/shop');
    for (const call of mock.calls) {
      expect(call.init.credentials).toBe('include');
      expect(call.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
      expect(call.headers.get('X-XSRF-TOKEN')).toBe('abc==');
    }
    expect(mock.calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(mock.calls[0]?.body).toEqual({ product_id: 1, quantity: 2, variant_id: 3 });
  });

  it('fetches the anti-forgery cookie before a state-changing call when there is none', async () => {
    const mock = mockApi({
      'GET /api/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return new Response(null, { status: 204 });
      },
      'POST /api/cart/clear': () => ({ products: [] }),
    });
    await api('/api/cart/clear', { method: 'POST' });
    expect(mock.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['GET /api/csrf-cookie', 'POST /api/cart/clear']);
    expect(mock.calls[0]?.init.credentials).toBe('include');
    expect(mock.calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('renews the token and retries once after a 419', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    let attempts = 0;
    const mock = mockApi({
      'GET /api/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=renewed; path=/';
        return new Response(null, { status: 204 });
      },
      'POST /api/cart/add': ({ headers }) =>
        ++attempts === 1 ? json({ message: 'Token mismatch' }, { status: 419 }) : json({ products: [], token: headers.get('X-XSRF-TOKEN') }),
    });
    await expect(api('/api/cart/add', { method: 'POST', body: {} })).resolves.toEqual({ products: [], token: 'renewed' });
    expect(mock.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/cart/add', 'GET /api/csrf-cookie', 'POST /api/cart/add']);
  });

  it('asks for the token once for changes made together', async () => {
    let release!: () => void;
    const issued = new Promise<void>((resolve) => (release = resolve));
    const mock = mockApi({
      'GET /api/csrf-cookie': async () => {
        await issued;
        document.cookie = 'XSRF-TOKEN=shared; path=/';
        return new Response(null, { status: 204 });
      },
      'POST /api/cart/update': () => ({ products: [] }),
      'POST /api/cart/remove': () => ({ products: [] }),
    });
    const both = Promise.all([
      api('/api/cart/update', { method: 'POST', body: { product_id: 1, quantity: 2 } }),
      api('/api/cart/remove', { method: 'POST', body: { product_id: 2 } }),
    ]);
    release();
    await both;
    expect(mock.callsTo('/api/csrf-cookie')).toHaveLength(1);
    expect(mock.calls.slice(1).map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual(['shared', 'shared']);
  });

  it('retries a refused change only once', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const mock = mockApi({
      'GET /api/csrf-cookie': () => new Response(null, { status: 204 }),
      'POST /api/cart/clear': () => json({ message: 'CSRF token mismatch.' }, { status: 419 }),
    });
    await expect(api('/api/cart/clear', { method: 'POST' })).rejects.toMatchObject({ status: 419, message: 'CSRF token mismatch.' });
    expect(mock.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/cart/clear', 'GET /api/csrf-cookie', 'POST /api/cart/clear']);
  });

  it('does not retry a read that answers 419', async () => {
    const mock = mockApi({ 'GET /api/cart': () => json({ message: 'CSRF token mismatch.' }, { status: 419 }) });
    await expect(api('/api/cart')).rejects.toMatchObject({ status: 419 });
    expect(mock.calls).toHaveLength(1);
  });

  it('uses the token the answers hand out in a header when the cookie is the API host\'s', async () => {
    const mock = mockApi({
      'GET /api/csrf-cookie': () => new Response(null, { status: 204, headers: { 'X-XSRF-TOKEN': 'from-header' } }),
      'POST /api/login': () => json({ user: {} }, { headers: { 'X-XSRF-TOKEN': 'after-sign-in' } }),
      'POST /api/cart/add': () => ({ products: [] }),
    });
    await api('/api/login', { method: 'POST', body: {} });
    await api('/api/cart/add', { method: 'POST', body: {} });
    expect(mock.calls.map((call) => [call.url.pathname, call.headers.get('X-XSRF-TOKEN')])).toEqual([
      ['/api/csrf-cookie', null],
      ['/api/login', 'from-header'],
      ['/api/cart/add', 'after-sign-in'],
    ]);
  });

  it('calls the API at the origin the page names', async () => {
    const meta = document.createElement('meta');
    meta.name = 'api-origin';
    meta.content = 'https://api.shop.example.in';
    document.head.append(meta);
    try {
      vi.resetModules();
      const fresh = await import('@/lib/api-client');
      expect(fresh.apiUrl('/api/cart', { page: 2 })).toBe('https://api.shop.example.in/api/cart?page=2');
      expect(fresh.mayHaveSession()).toBe(true);
    } finally {
      meta.remove();
    }
  });

  it('knows a first visit has no session on the same origin', () => {
    expect(mayHaveSession()).toBe(false);
    document.cookie = 'XSRF-TOKEN=t; path=/';
    expect(mayHaveSession()).toBe(true);
  });

  it('does not ask for the token for reads', async () => {
    const mock = mockApi({ 'GET /api/shop': () => ({}) });
    await api('/api/shop');
    expect(mock.callsTo('/api/csrf-cookie')).toHaveLength(0);
  });

  it('leaves the token header out without the cookie', async () => {
    const mock = mockApi({ 'GET /api/shop': () => ({}) });
    await api('/api/shop');
    expect(mock.calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('puts query parameters on the URL and answers the headers too', async () => {
    const mock = mockApi({ 'GET /api/search': () => json([], { headers: { 'X-Total-Count': '7' } }) });
    const { headers } = await apiRequest('/api/search', { query: { search: 'neem oil', page: 2, per_page: undefined } });
    expect(mock.calls[0]?.url.search).toBe('?search=neem+oil&page=2');
    expect(headers.get('X-Total-Count')).toBe('7');
  });

  it('turns a JSON error into an ApiError with status, message and field errors', async () => {
    mockApi({ 'POST /api/cart/add': () => json({ message: 'Invalid data', errors: { quantity: ['Too many'] } }, { status: 422 }) });
    const error = await api('/api/cart/add', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 422)).toBe(true);
    expect(error).toMatchObject({ status: 422, message: 'Invalid data', errors: { quantity: ['Too many'] } });
  });

  it('keeps the status when the error body is not JSON', async () => {
    mockApi({ 'GET /api/shop': () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }) });
    const error = await api('/api/shop').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', errors: {} });
  });
});
