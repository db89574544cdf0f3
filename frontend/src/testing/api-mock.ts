// A fake backend for component tests: routes "METHOD /path" to handlers and records every call.
import { vi } from 'vitest';

export interface MockCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  init: RequestInit;
}

type Handler = (call: MockCall) => Response | Promise<Response> | unknown;

export const json = (body: unknown, init: ResponseInit & { headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });

export const notFound = () => json({ message: 'There is nothing at this address.' }, { status: 404 });

/** What GET /api/csrf-cookie does: starts a session and sets the readable token cookie. */
export const issueToken = () => {
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  return new Response(null, { status: 204 });
};

/** A shopper who has a session already (the token cookie is set). */
export const withSession = () => {
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
};

/** A JSON body parsed; any other (a CSV sheet) as the text it is. */
const parseBody = (body: string, headers: Headers): unknown => (headers.get('Content-Type') === 'application/json' ? JSON.parse(body) : body);

/** Installs a fetch that answers the given routes (anything else is a 404) and returns its calls. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: MockCall = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? parseBody(init.body, new Headers(init.headers)) : undefined,
      init,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return notFound();
    const answer = await handler(call);
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (path: string) => calls.filter((call) => call.url.pathname === path),
  };
}
