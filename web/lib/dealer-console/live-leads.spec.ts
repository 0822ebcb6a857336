import { newLeadsMessage, unseenLeads } from './live-leads';

describe('the inbox poll counts only leads it has not shown', () => {
  it('leaves out the newest lead shown when the api answers it again, and counts a lead once', () => {
    const known = new Set(['shown']);
    expect(unseenLeads([{ id: 'new' }, { id: 'shown' }], known)).toEqual(['new']);
    expect(unseenLeads([{ id: 'new' }, { id: 'new' }], known)).toEqual(['new']);
    expect(unseenLeads([{ id: 'shown' }], known)).toEqual([]);
  });

  it('says nothing for no lead, and counts the rest', () => {
    expect(newLeadsMessage(0)).toBe('');
    expect(newLeadsMessage(1)).toBe('1 new lead');
    expect(newLeadsMessage(3)).toBe('3 new leads');
  });
});
