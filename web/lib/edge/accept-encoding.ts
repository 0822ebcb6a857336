/** The codings the web compresses answers with itself. */
export type ContentCoding = 'br' | 'gzip';

// RFC 9110 §12.4.2: a qvalue is 0 to 1 with at most three decimals; anything else is not one.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

const UNNAMED_IDENTITY = 0.0005;

/** Names the RFC asks recipients to treat as another coding. */
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };

/**
 * The coding to send an answer in, for a request's Accept-Encoding (RFC 9110 §12.5.3): of the
 * offered codings (in the server's order of preference) and identity, the one the client weighs
 * highest, a compressed one winning a tie. A coding counts only when the client accepts it with a
 * weight above 0, by name or by `*`; identity is acceptable unless refused by name or by `*`, and
 * wanted least when the client does not weigh it.
 * Names are case-insensitive, whitespace is ignored and an entry whose weight is not a qvalue is
 * skipped, as if unsent. With no header, or nothing acceptable, it is identity: a page is never
 * refused for its coding, and a client that says nothing may not understand any.
 */
export function chooseEncoding(
  acceptEncoding: string | readonly string[] | undefined,
  offered: readonly ContentCoding[],
): ContentCoding | 'identity' {
  const header = typeof acceptEncoding === 'string' ? acceptEncoding : (acceptEncoding ?? []).join(',');
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [rawName = '', ...params] = entry.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    let valid = true;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((part) => part.trim());
      if (key.toLowerCase() !== 'q') continue;
      if (QVALUE.test(value)) weight = Number(value);
      else valid = false;
    }
    if (!valid) continue;
    const coding = ALIASES[name] ?? name;
    // Named twice, the client accepts it at the higher weight.
    weights.set(coding, Math.max(weights.get(coding) ?? 0, weight));
  }

  const star = weights.get('*');
  // Identity left unnamed is acceptable but wanted least: below the smallest qvalue, so a client
  // listing only compressed codings (whatever their weights) gets one of them.
  const weightOf = (coding: string) => weights.get(coding) ?? star ?? (coding === 'identity' ? UNNAMED_IDENTITY : 0);
  let best: ContentCoding | 'identity' = 'identity';
  let bestWeight = weightOf('identity');
  for (const coding of offered) {
    const weight = weightOf(coding);
    if (weight > 0 && (weight > bestWeight || (weight === bestWeight && best === 'identity'))) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** A Vary value that also names Accept-Encoding: the same URL is answered in more than one coding. */
export function varyWithAcceptEncoding(vary: string | undefined): string {
  const names = (vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}
