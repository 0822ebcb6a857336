import { displayMobile, MOBILE_NUMBER_MESSAGE, MobileNumberSchema, samePhone, toE164Mobile } from './mobile-number';

describe('MobileNumberSchema: Australian mobiles as E.164', () => {
  it.each([
    ['0412345678', '+61412345678'],
    ['0412 345 678', '+61412345678'],
    ['04 1234 5678', '+61412345678'],
    ['0412-345-678', '+61412345678'],
    ['+61412345678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['  0499 999 999  ', '+61499999999'],
  ])('%p -> %p', (raw, e164) => {
    expect(MobileNumberSchema.parse(raw)).toBe(e164);
  });

  it.each([
    ['a landline', '03 9000 0000'],
    ['too short', '0412 345 67'],
    ['too long', '0412 345 6789'],
    ['+61 with the trunk 0', '+61 0412 345 678'],
    ['another country', '+64 412 345 678'],
    ['letters', '0412 ABC 678'],
    ['empty', ''],
    ['a 1300 number', '1300 123 456'],
  ])('refuses %s (%p) with the message', (_label, raw) => {
    const result = MobileNumberSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MOBILE_NUMBER_MESSAGE);
  });

  it('refuses a value that is not text with the same message', () => {
    expect(MobileNumberSchema.safeParse(412345678).error?.issues[0]?.message).toBe(MOBILE_NUMBER_MESSAGE);
  });
});

describe('displayMobile and samePhone', () => {
  it('writes a mobile as 0412 345 678', () => {
    expect(displayMobile('+61412345678')).toBe('0412 345 678');
    expect(displayMobile('0412345678')).toBe('0412 345 678');
    expect(displayMobile('not a phone')).toBe('not a phone');
  });

  it('compares numbers however they are written', () => {
    expect(samePhone('0412 345 678', '+61412345678')).toBe(true);
    expect(samePhone('+61 412 345 678', '0412-345-678')).toBe(true);
    expect(samePhone('0412 345 678', '0412 345 679')).toBe(false);
    expect(samePhone('03 9000 0000', '03 9000 0000')).toBe(false);
    expect(samePhone(null, '0412 345 678')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });

  it('toE164Mobile answers null for anything else', () => {
    expect(toE164Mobile('0412345678')).toBe('+61412345678');
    expect(toE164Mobile('hello')).toBeNull();
  });
});
