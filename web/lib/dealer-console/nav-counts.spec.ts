import { navBadges, parseNavCounts } from './nav-counts';

describe('navigation counts', () => {
  const counts = { leads: { new: 3, overdue: 1, mine: 2 }, reservations: { active: 2 } };

  it('says the counts in words after the link: Leads, 3 new, 1 overdue; Reservations, 2 active', () => {
    expect(navBadges('/dealer', counts).map((b) => `${b.spoken}|${b.shown}`)).toEqual([
      '3 new|3',
      '1 overdue|1 overdue',
    ]);
    expect(navBadges('/dealer/reservations', counts).map((b) => b.spoken)).toEqual(['2 active']);
    expect(navBadges('/dealer/feed', counts)).toEqual([]);
  });

  it('says the tasks due today and those overdue: Tasks, 2 due, 1 overdue; nothing from an older api', () => {
    const withTasks = { ...counts, tasks: { due: 2, overdue: 1 } };
    expect(navBadges('/dealer/tasks', withTasks).map((b) => `${b.spoken}|${b.shown}|${b.tone}`)).toEqual([
      '2 due|2|count',
      '1 overdue|1 overdue|late',
    ]);
    expect(navBadges('/dealer/tasks', { ...counts, tasks: { due: 0, overdue: 0 } })).toEqual([]);
    expect(navBadges('/dealer/tasks', counts)).toEqual([]);
    expect(parseNavCounts(withTasks)).toEqual(withTasks);
    expect(parseNavCounts({ ...withTasks, tasks: { due: -1, overdue: 0 } })).toEqual(counts);
  });

  it('shows no badge for nothing, nor without counts', () => {
    const none = { leads: { new: 0, overdue: 0, mine: 0 }, reservations: { active: 0 } };
    expect(navBadges('/dealer', none)).toEqual([]);
    expect(navBadges('/dealer/reservations', none)).toEqual([]);
    expect(navBadges('/dealer', null)).toEqual([]);
  });

  it("reads only a whole answer of counts, never a proxy's page or a negative", () => {
    expect(parseNavCounts(counts)).toEqual(counts);
    expect(parseNavCounts(null)).toBeNull();
    expect(parseNavCounts('<html>')).toBeNull();
    expect(parseNavCounts({ ...counts, leads: { ...counts.leads, new: -1 } })).toBeNull();
    expect(parseNavCounts({ ...counts, reservations: {} })).toBeNull();
  });
});
