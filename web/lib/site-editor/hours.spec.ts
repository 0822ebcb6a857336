import { addSpecialDays } from './hours';

describe('addSpecialDays', () => {
  const open = { open: '10:00', close: '14:00' };
  it('adds a day for each date of the range, replacing the same date and department', () => {
    const result = addSpecialDays(
      [
        { date: '2026-12-24', department: 'sales', hours: 'closed' },
        { date: '2026-12-24', department: 'service', hours: 'closed' },
      ],
      '2026-12-24',
      '2026-12-26',
      'sales',
      open,
    );
    expect(result).toEqual({
      ok: true,
      list: [
        { date: '2026-12-24', department: 'service', hours: 'closed' },
        { date: '2026-12-24', department: 'sales', hours: open },
        { date: '2026-12-25', department: 'sales', hours: open },
        { date: '2026-12-26', department: 'sales', hours: open },
      ],
    });
  });

  it('takes one day when the last date is empty', () => {
    expect(addSpecialDays([], '2027-01-26', '', 'all', 'closed')).toEqual({
      ok: true,
      list: [{ date: '2027-01-26', department: 'all', hours: 'closed' }],
    });
  });

  it('refuses a range backwards, too long, or hours closing before they open', () => {
    expect(addSpecialDays([], '2026-12-26', '2026-12-24', 'all', 'closed')).toMatchObject({ ok: false });
    expect(addSpecialDays([], '2026-12-01', '2027-02-01', 'all', 'closed')).toMatchObject({ ok: false });
    expect(addSpecialDays([], '2026-12-01', '', 'all', { open: '17:00', close: '09:00' })).toMatchObject({
      ok: false,
      message: 'Closing time must be after opening time.',
    });
  });
});
