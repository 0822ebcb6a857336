import { promises as dns } from 'node:dns';
import type { DataSource } from 'typeorm';
import {
  DEFAULT_DNS_TIMEOUT_MS,
  DEFAULT_HTTP_VERIFICATION_PORT,
  describeDnsError,
  dnsAddressResolver,
  dnsTxtResolver,
  HostVerifier,
  httpVerificationUrl,
  type HostVerificationLog,
  type HttpTokenAnswer,
  type HttpTokenSource,
} from '@platform/site-config';
import { allowedAddresses, guardedFetch, OutboundRefused, type OutboundAllowance } from '../outbound/guarded-get';

/**
 * The HTTP way to verify a custom domain (issue 51), as the api and the worker take it: the
 * verification value is fetched from `http://<host>/.well-known/dealer-platform-verification`
 * with the guarded fetcher, since the name is one a dealer chose and may point anywhere (a
 * private address, the cloud's metadata service): public addresses only unless
 * OUTBOUND_ALLOWED_ADDRESSES names one, no redirect followed, a short timeout, a tiny body.
 */

/** The value is ~80 characters; anything much longer is not the platform's answer. */
export const HTTP_TOKEN_MAX_BYTES = 512;
/** How long one fetch of the token may take, its address lookup included. */
export const DEFAULT_HTTP_TOKEN_TIMEOUT_MS = 5_000;

export interface GuardedHttpTokenSourceOptions {
  /** The port fetched (HOST_VERIFICATION_HTTP_PORT): 80 in production, the web's own in development. */
  port?: number;
  /** DNS_RESOLVER: the servers the host's address is asked of, as its TXT record is; unset, the system's lookup. */
  dnsServers?: readonly string[];
  /** DNS_TIMEOUT_MS: bounds the address lookup when dnsServers are named. */
  dnsTimeoutMs?: number;
  /** OUTBOUND_ALLOWED_ADDRESSES: private addresses (and ports) the fetch may still reach. */
  allowed?: OutboundAllowance | null;
  timeoutMs?: number;
}

type Resolve = (name: string) => Promise<{ address: string; family: number }[]>;

/** The system's lookup (hosts file included), as the guarded fetcher uses when given no resolver. */
const systemLookup: Resolve = (name) => dns.lookup(name, { all: true });

/**
 * An HttpTokenSource over the guarded fetcher. It answers the body of a 200 as text; anything else
 * is an error in words for ops (the verify answer shows it), naming the host only: the status
 * answered, no address, a redirect, a refused private address, a timeout.
 */
export function guardedHttpTokenSource(options: GuardedHttpTokenSourceOptions = {}): HttpTokenSource {
  const port = options.port ?? DEFAULT_HTTP_VERIFICATION_PORT;
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TOKEN_TIMEOUT_MS;
  const lookUp: Resolve = options.dnsServers?.length
    ? dnsAddressResolver(options.dnsServers, options.dnsTimeoutMs ?? DEFAULT_DNS_TIMEOUT_MS)
    : systemLookup;
  return {
    async fetch(host: string): Promise<HttpTokenAnswer> {
      // The fetcher folds a failed lookup into "unreachable"; kept here to tell ops the name has no address.
      let lookupError: unknown = null;
      const resolve: Resolve = (name) =>
        lookUp(name).catch((error: unknown) => {
          lookupError = error;
          throw error;
        });
      let outcome: Awaited<ReturnType<typeof guardedFetch>>;
      try {
        outcome = await guardedFetch(httpVerificationUrl(host, port), {
          timeoutMs,
          maxBytes: HTTP_TOKEN_MAX_BYTES,
          // The value must come from the host itself: a redirect (to https, to another site) proves
          // nothing about this name, and following one would let a dealer's name send the fetch anywhere.
          maxRedirects: 0,
          allowed: options.allowed ?? null,
          accept: 'text/plain',
          resolve,
          // Each check connects anew: the address DNS answers now, checked with this source's allowance.
          reuseConnections: false,
        });
      } catch (error) {
        // A refused address is the dealer's DNS pointing somewhere private, not a platform fault.
        if (error instanceof OutboundRefused) return { error: error.message };
        throw error;
      }
      if (outcome.kind === 'ok') {
        if (outcome.response.status !== 200) return { error: `the host answered ${outcome.response.status}` };
        return { body: outcome.response.body.toString('utf8') };
      }
      if (outcome.kind === 'not-modified') return { error: 'the host answered 304' };
      switch (outcome.reason) {
        case 'status':
          return { error: `the host answered ${outcome.status ?? 'an error'}` };
        case 'too-many-redirects':
          return { error: 'the host answered a redirect, which the HTTP check does not follow' };
        case 'too-large':
          return { error: `the host answered more than ${HTTP_TOKEN_MAX_BYTES} bytes` };
        case 'timeout':
          return { error: `the host did not answer within ${timeoutMs} ms` };
        case 'unreachable':
          return lookupError
            ? {
                error: `the host's address could not be found (${describeDnsError(lookupError, 'no A or AAAA record')})`,
              }
            : { error: `the host could not be reached over HTTP on port ${port}` };
      }
    },
  };
}

/** The settings a platform HostVerifier is made from: HostVerificationEnvShape's and OUTBOUND_ALLOWED_ADDRESSES. */
export interface HostVerifierEnv {
  DNS_RESOLVER?: string[];
  DNS_TIMEOUT_MS: number;
  HOST_VERIFICATION_HTTP_PORT: number;
  OUTBOUND_ALLOWED_ADDRESSES?: string;
}

/**
 * The HostVerifier the api (ops' verify now) and the worker (the sweep) run: the TXT record on
 * DNS_RESOLVER's servers, then the HTTP token fetched on HOST_VERIFICATION_HTTP_PORT with the
 * guarded fetcher, its address asked of the same servers. One place, so both check alike.
 */
export function platformHostVerifier(
  dataSource: DataSource,
  env: HostVerifierEnv,
  options: { log?: HostVerificationLog; httpTimeoutMs?: number } = {},
): HostVerifier {
  return new HostVerifier(dataSource, dnsTxtResolver(env.DNS_RESOLVER, env.DNS_TIMEOUT_MS), {
    log: options.log,
    http: guardedHttpTokenSource({
      port: env.HOST_VERIFICATION_HTTP_PORT,
      dnsServers: env.DNS_RESOLVER,
      dnsTimeoutMs: env.DNS_TIMEOUT_MS,
      allowed: allowedAddresses(env.OUTBOUND_ALLOWED_ADDRESSES),
      timeoutMs: options.httpTimeoutMs,
    }),
  });
}
