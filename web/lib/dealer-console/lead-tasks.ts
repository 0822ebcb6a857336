import { DateTime } from 'luxon';
import { isTaskKind, TASK_TITLE_MAX, wallClockInstant, type TaskKind } from '@platform/domain';

/** What the add-a-task form holds: the values typed (kept when refused) and each field's problem. */
export interface TaskFormValues {
  kind: TaskKind;
  date: string;
  time: string;
  title: string;
  assigneeId: string;
}

export interface TaskFormState {
  status: 'idle' | 'added' | 'error';
  values: TaskFormValues;
  /** By the form's own field names (kind, date, time, title, assigneeId), or `form` for the whole. */
  errors: Record<string, string>;
}

/**
 * The form's first values: a call back at the next whole hour on the dealership's clock (today, or
 * tomorrow after 11 pm), for `assigneeId`.
 */
export function taskFormDefaults(now: Date, zone: string, assigneeId: string): TaskFormValues {
  const next = DateTime.fromJSDate(now, { zone }).startOf('hour').plus({ hours: 1 });
  return {
    kind: 'call_back',
    date: next.toFormat('yyyy-MM-dd'),
    time: next.toFormat('HH:mm'),
    title: '',
    assigneeId,
  };
}

const text = (form: FormData, name: string, max: number): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
};

/** The values a posted form holds, each cut to a bounded length (the api checks them again). */
export function taskFormValues(form: FormData): TaskFormValues {
  const kind = text(form, 'kind', 40);
  return {
    kind: isTaskKind(kind) ? kind : 'call_back',
    date: text(form, 'date', 20),
    time: text(form, 'time', 10),
    title: text(form, 'title', TASK_TITLE_MAX * 2),
    assigneeId: text(form, 'assigneeId', 60),
  };
}

/**
 * The api's body for the form's values, the date and time read on the dealership's clock; or the
 * problems to show under the fields.
 */
export function taskRequest(
  form: FormData,
  zone: string,
):
  | { body: Record<string, unknown>; values: TaskFormValues }
  | { errors: Record<string, string>; values: TaskFormValues } {
  const values = taskFormValues(form);
  const kind = text(form, 'kind', 40);
  const errors: Record<string, string> = {};
  if (!isTaskKind(kind)) errors['kind'] = 'Choose what the task is.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors['date'] = 'Enter the date it is due.';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time)) errors['time'] = 'Enter the time it is due, such as 3:30 pm.';
  const dueAt = errors['date'] || errors['time'] ? null : wallClockInstant(values.date, values.time, zone);
  if (!errors['date'] && !errors['time'] && !dueAt)
    errors['date'] = 'That date and time does not exist on the dealership clock: choose another.';
  if (Object.keys(errors).length > 0 || !dueAt) return { errors, values };
  return {
    values,
    body: {
      kind: values.kind,
      dueAt: dueAt.toISOString(),
      ...(values.title.trim() ? { title: values.title } : {}),
      ...(values.assigneeId ? { assigneeId: values.assigneeId } : {}),
    },
  };
}

/** The api's field names as the form's: a refused due time is shown under the date. */
export function taskFieldErrors(
  errors: { path: string; message: string }[] | undefined,
  detail: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors ?? []) {
    const name =
      error.path === 'dueAt' ? 'date' : ['kind', 'title', 'assigneeId'].includes(error.path) ? error.path : 'form';
    fields[name] ??= error.message;
  }
  if (Object.keys(fields).length === 0) fields['form'] = detail;
  return fields;
}
