import http from 'node:http';

const INSTALLED = Symbol.for('dealer-platform.baseline-headers');

/**
 * Puts the given security headers on every response the Node server sends, before Next handles
 * the request (installed once per process from instrumentation.ts). Whatever sets a header later
 * replaces it: the proxy's page policy with its nonce, an API answer's own headers, a cached page's.
 * What never reaches the proxy (static files, an error page Next draws for a path its matcher
 * leaves out, an error in the proxy itself) is not left without them.
 */
export function installBaselineHeaders(headers: Record<string, string>): void {
  const state = globalThis as unknown as Record<symbol, boolean>;
  if (state[INSTALLED]) return;
  state[INSTALLED] = true;
  const entries = Object.entries(headers);
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function baselineHeadersEmit(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === 'request') {
      const response = args[1] as http.ServerResponse;
      for (const [name, value] of entries) response.setHeader(name, value);
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof http.Server.prototype.emit;
}
