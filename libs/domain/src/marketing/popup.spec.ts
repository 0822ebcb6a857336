import { popupDismissalKey, popupExpired, popupExpiresAt, popupVisible } from './popup';

describe('popup visibility (spec 001 §4)', () => {
  const popup = { expiry: '2027-06-30' };

  it('shows until dismissed', () => {
    expect(popupVisible(popup, { dismissed: false, now: new Date('2027-01-01T00:00:00Z') })).toBe(true);
    expect(popupVisible(popup, { dismissed: true, now: new Date('2027-01-01T00:00:00Z') })).toBe(false);
    expect(popupVisible(null, { dismissed: false, now: new Date('2027-01-01T00:00:00Z') })).toBe(false);
  });

  it.each([
    ['2027-06-30T13:59:59Z', false], // 23:59:59 on the expiry date in Sydney (AEST)
    ['2027-06-30T14:00:00Z', true],
    ['2027-07-02T00:00:00Z', true],
  ])('at %s expired: %p', (now, expired) => {
    expect(popupExpired(popup.expiry, new Date(now))).toBe(expired);
    expect(popupVisible(popup, { dismissed: false, now: new Date(now) })).toBe(!expired);
  });

  it('ends at the last millisecond of the expiry date in Sydney', () => {
    expect(popupExpiresAt('2027-06-30')).toBe(Date.parse('2027-06-30T13:59:59.999Z'));
    expect(popupExpiresAt('2027-01-31')).toBe(Date.parse('2027-01-31T12:59:59.999Z')); // daylight time, +11:00
  });

  it('treats an unreadable expiry as expired', () => {
    expect(popupExpired('not a date', new Date())).toBe(true);
  });

  it('keys dismissal by dealership slug', () => {
    expect(popupDismissalKey('northside-used-cars')).toBe('popup-dismissed:northside-used-cars');
  });
});
