// What the browser gives and QuickJS lacks, for the server's render (`entry-server.tsx`): only what
// rendering to a string touches. Imported before anything else in the server bundle.
import URLShim from 'core-js-pure/web/url';
import URLSearchParamsShim from 'core-js-pure/web/url-search-params';
import { serverIntl } from '@/ssr/intl-shim';

const scope = globalThis as Record<string, unknown>;

if (typeof scope.Intl === 'undefined') scope.Intl = serverIntl;
if (typeof scope.URL === 'undefined') scope.URL = URLShim;
if (typeof scope.URLSearchParams === 'undefined') scope.URLSearchParams = URLSearchParamsShim;

/** Text as UTF-8 bytes (React's server renderer encodes chunks it never streams here). */
class TextEncoderShim {
  readonly encoding = 'utf-8';
  encode(text = ''): Uint8Array {
    const bytes: number[] = [];
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return new Uint8Array(bytes);
  }
}
if (typeof scope.TextEncoder === 'undefined') scope.TextEncoder = TextEncoderShim;

/** Timers never fire during a synchronous render; the renderer only schedules work it does not need. */
if (typeof scope.setTimeout === 'undefined') {
  scope.setTimeout = () => 0;
  scope.clearTimeout = () => undefined;
}
if (typeof scope.queueMicrotask === 'undefined') {
  scope.queueMicrotask = (task: () => void) => void Promise.resolve().then(task);
}

class MessageChannelShim {
  port1 = { onmessage: null as null | (() => void), postMessage: () => undefined, close: () => undefined };
  port2 = { onmessage: null as null | (() => void), postMessage: () => undefined, close: () => undefined };
}
if (typeof scope.MessageChannel === 'undefined') scope.MessageChannel = MessageChannelShim;

if (typeof scope.console === 'undefined') {
  const quiet = () => undefined;
  scope.console = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet };
}
