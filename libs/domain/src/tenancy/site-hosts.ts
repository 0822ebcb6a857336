import { z } from 'zod';

/** Hosts under .localhost are development hosts: served over http, on whatever port the web runs. */
export const isDevelopmentHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost');

/** The longest host name DNS can carry (RFC 1035: 253 characters written out, 63 a label). */
const MAX_HOST_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host a site is served at, as ops type it: trimmed and lower-cased, then a DNS name of at least
 * two labels (or `localhost` itself), letters, digits and hyphens (an international name in its
 * xn-- form), no port, no trailing dot, and never an IP address (a certificate and a TXT record
 * need a name).
 */
export const SiteHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_HOST_LENGTH, `A host name is at most ${MAX_HOST_LENGTH} characters.`)
  .refine((host) => host.length > 0, 'Enter a host name, such as www.example.com.au.')
  .refine(
    (host) => host === 'localhost' || (host.split('.').length >= 2 && host.split('.').every((l) => LABEL.test(l))),
    'A host name is letters, digits and hyphens in dot-separated parts (www.example.com.au), with no scheme, port or path.',
  )
  .refine((host) => !/^[0-9.]+$/.test(host), 'A host name, not an IP address.');

/**
 * A host's state: a development host is `verified` at once (as the demo sites' are); any other
 * waits `pending`, serving nothing and getting no certificate, until the platform has seen the
 * dealer's verification record; a verified host that stops verifying is `failing`, flagged to ops
 * and still served while they look (never silently dropped).
 */
export const HOST_STATUSES = ['pending', 'verified', 'failing'] as const;
export type HostStatus = (typeof HOST_STATUSES)[number];

export const initialHostStatus = (host: string): HostStatus => (isDevelopmentHost(host) ? 'verified' : 'pending');

/** Whether the platform serves a host (pages, and a certificate through the TLS ask endpoint). */
export const servesHost = (status: HostStatus): boolean => status !== 'pending';

/** The label under a host that carries its verification TXT record. */
export const VERIFICATION_LABEL = '_dealer-platform-verification';

/** A DNS record the dealer sets for a host: what ops hand over, and what the platform checks. */
export interface DnsRecord {
  type: 'TXT' | 'CNAME' | 'A';
  name: string;
  value: string;
  /** Why: 'verify' proves the dealer controls the name; 'route' points it at the platform. */
  purpose: 'verify' | 'route';
}

/** Second-level names under which Australian domains are registered (example.com.au is an apex). */
const AU_SECOND_LEVEL = /\.(com|net|org|edu|gov|asn|id)\.au$/;

/** A registered domain itself (example.com, example.com.au), which DNS lets take no CNAME. */
export function isApex(host: string): boolean {
  const labels = host.split('.').length;
  return labels <= 2 || (labels === 3 && AU_SECOND_LEVEL.test(host));
}

/** The TXT record's value for a host's token, and the body its HTTP token answers with. */
export const verificationValue = (token: string): string => `dealer-platform-verification=${token}`;

/**
 * Where a host whose DNS already points at the platform shows its token over plain HTTP (port 80),
 * the other way to prove control: only the platform answers there with the host's own value, so
 * finding it proves the name routes here. Under /.well-known/ (RFC 8615), where nothing of a site's
 * own lives.
 */
export const HTTP_VERIFICATION_PATH = '/.well-known/dealer-platform-verification';

/**
 * The records a dealer sets for a real host: the TXT record that proves control, and the record
 * that routes it to the platform (a CNAME to the platform's name, or A to its address for an apex,
 * which cannot take a CNAME). A development host needs none.
 */
export function dnsRecordsFor(
  host: string,
  token: string,
  platform: { cnameTarget?: string | null; ipv4?: string | null },
): DnsRecord[] {
  if (isDevelopmentHost(host)) return [];
  const records: DnsRecord[] = [
    { type: 'TXT', name: `${VERIFICATION_LABEL}.${host}`, value: verificationValue(token), purpose: 'verify' },
  ];
  if (platform.cnameTarget && !isApex(host))
    records.push({ type: 'CNAME', name: host, value: platform.cnameTarget, purpose: 'route' });
  else if (platform.ipv4) records.push({ type: 'A', name: host, value: platform.ipv4, purpose: 'route' });
  return records;
}
