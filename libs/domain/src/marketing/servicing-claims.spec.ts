import { servicingClaims } from './servicing-claims';

const with_ = (...claims: string[]) => ({ marketing: { claims } }) as Parameters<typeof servicingClaims>[0];

describe('servicingClaims', () => {
  it("shows each dealership's merged claims, brand claims included, in order and without repeats", () => {
    expect(
      servicingClaims(with_('Site claim'), [
        with_('5 year warranty', 'Capped price servicing'),
        with_('Capped price servicing', ' 7 years roadside '),
      ]),
    ).toEqual(['5 year warranty', 'Capped price servicing', '7 years roadside']);
  });

  it("falls back to the site's claims when it has no dealership, and drops blank ones", () => {
    expect(servicingClaims(with_('Site claim', '  '), [])).toEqual(['Site claim']);
    expect(servicingClaims(with_(), [with_()])).toEqual([]);
  });
});
