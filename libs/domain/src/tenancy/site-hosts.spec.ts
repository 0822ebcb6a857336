import fc from 'fast-check';
import {
  dnsRecordsFor,
  initialHostStatus,
  isApex,
  isDevelopmentHost,
  servesHost,
  SiteHostSchema,
  VERIFICATION_LABEL,
  verificationValue,
} from './site-hosts';

describe('SiteHostSchema', () => {
  it('keeps a host name as ops type it, trimmed and lower-cased', () => {
    expect(SiteHostSchema.parse(' WWW.GeelongMitsubishi.com.au ')).toBe('www.geelongmitsubishi.com.au');
    expect(SiteHostSchema.parse('geelong-mitsubishi.localhost')).toBe('geelong-mitsubishi.localhost');
    expect(SiteHostSchema.parse('xn--mnchen-3ya.de')).toBe('xn--mnchen-3ya.de');
    expect(SiteHostSchema.parse('localhost')).toBe('localhost');
  });

  it.each([
    ['', 'Enter a host name'],
    ['https://example.com', 'no scheme'],
    ['example.com:443', 'no scheme, port or path'],
    ['example.com/path', 'no scheme, port or path'],
    ['example', 'dot-separated'],
    ['-bad.example.com', 'dot-separated'],
    ['bad-.example.com', 'dot-separated'],
    ['exa mple.com', 'dot-separated'],
    ['example.com.', 'dot-separated'],
    ['10.0.0.1', 'not an IP address'],
    [`${'a'.repeat(64)}.com`, 'dot-separated'],
    [`${'a.'.repeat(127)}com`, 'at most 253'],
  ])('refuses %j naming why', (host, why) => {
    const parsed = SiteHostSchema.safeParse(host);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join(' ')).toContain(why);
  });

  it('answers any string with a host or a message, never a throw (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const parsed = SiteHostSchema.safeParse(text);
        if (parsed.success) {
          expect(parsed.data).toMatch(/^[a-z0-9.-]+$/);
          expect(parsed.data.length).toBeLessThanOrEqual(253);
        } else expect(parsed.error.issues[0]?.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('host verification', () => {
  it('verifies development hosts at once and holds every other host until its record is seen', () => {
    expect(initialHostStatus('werribee-isuzu-ute.localhost')).toBe('verified');
    expect(initialHostStatus('www.geelongmitsubishi.com.au')).toBe('pending');
    expect(servesHost('pending')).toBe(false);
    expect(servesHost('verified')).toBe(true);
    // A host that stops verifying is flagged, still served while ops look.
    expect(servesHost('failing')).toBe(true);
    expect(isDevelopmentHost('localhost')).toBe(true);
    expect(isDevelopmentHost('localhost.example.com')).toBe(false);
  });

  it('asks a dealer for the TXT record, and a CNAME below the apex or an A record at it', () => {
    const platform = { cnameTarget: 'sites.dealer-platform.example', ipv4: '203.0.113.10' };
    expect(dnsRecordsFor('www.geelongmitsubishi.com.au', 'tok123', platform)).toEqual([
      {
        type: 'TXT',
        name: `${VERIFICATION_LABEL}.www.geelongmitsubishi.com.au`,
        value: verificationValue('tok123'),
        purpose: 'verify',
      },
      { type: 'CNAME', name: 'www.geelongmitsubishi.com.au', value: 'sites.dealer-platform.example', purpose: 'route' },
    ]);
    expect(dnsRecordsFor('geelongmitsubishi.com.au', 'tok123', platform)[1]).toEqual({
      type: 'A',
      name: 'geelongmitsubishi.com.au',
      value: '203.0.113.10',
      purpose: 'route',
    });
    expect(dnsRecordsFor('geelong.localhost', 'tok123', platform)).toEqual([]);
    expect(dnsRecordsFor('shop.example.com', 't', {})).toHaveLength(1);
    expect([isApex('example.com'), isApex('example.com.au'), isApex('www.example.com.au'), isApex('a.b.com')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
