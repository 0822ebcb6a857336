import { taskFieldErrors, taskFormDefaults, taskRequest } from './lead-tasks';

const form = (fields: Record<string, string>): FormData => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the add-a-task form', () => {
  it('starts at the next whole hour on the dealership clock, tomorrow after 11 pm', () => {
    // 3:12 pm in Melbourne (UTC+11) -> 4:00 pm the same day.
    expect(taskFormDefaults(new Date('2026-12-04T04:12:00Z'), 'Australia/Melbourne', 'u1')).toEqual({
      kind: 'call_back',
      date: '2026-12-04',
      time: '16:00',
      title: '',
      assigneeId: 'u1',
    });
    // 11:30 pm in Perth -> midnight, the next day.
    expect(taskFormDefaults(new Date('2026-12-04T15:30:00Z'), 'Australia/Perth', 'u1')).toMatchObject({
      date: '2026-12-05',
      time: '00:00',
    });
  });

  it("sends the date and time as an instant on the dealership's clock, with the note and person when given", () => {
    expect(
      taskRequest(
        form({ kind: 'test_drive', date: '2026-12-05', time: '15:30', title: ' ', assigneeId: 'u2' }),
        'Australia/Melbourne',
      ),
    ).toMatchObject({ body: { kind: 'test_drive', dueAt: '2026-12-05T04:30:00.000Z', assigneeId: 'u2' } });
    const body = (
      taskRequest(form({ kind: 'other', date: '2026-12-05', time: '09:00' }), 'Australia/Perth') as {
        body: Record<string, unknown>;
      }
    ).body;
    expect(body).toEqual({ kind: 'other', dueAt: '2026-12-05T01:00:00.000Z' });
  });

  it('names each field it cannot read, and keeps what was typed', () => {
    const refused = taskRequest(form({ kind: 'lunch', date: '', time: '25:00', title: 'Keep me' }), 'Australia/Sydney');
    expect(refused).toMatchObject({
      errors: { kind: expect.any(String), date: expect.any(String), time: expect.any(String) },
      values: { title: 'Keep me', time: '25:00' },
    });
    // The clocks skip 2:30 am as daylight saving starts.
    expect(taskRequest(form({ kind: 'other', date: '2026-10-04', time: '02:30' }), 'Australia/Sydney')).toMatchObject({
      errors: { date: expect.stringMatching(/does not exist/) },
    });
  });

  it("shows the api's refusals under the form's fields: a due time under the date", () => {
    expect(
      taskFieldErrors(
        [
          { path: 'dueAt', message: 'Choose a due time within the next year.' },
          { path: 'title', message: 'Too long.' },
        ],
        'Invalid',
      ),
    ).toEqual({ date: 'Choose a due time within the next year.', title: 'Too long.' });
    expect(taskFieldErrors(undefined, 'Read only')).toEqual({ form: 'Read only' });
  });
});
