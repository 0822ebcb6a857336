'use client';

import { useActionState } from 'react';
import { TASK_KIND_LABELS, TASK_KINDS, TASK_TITLE_MAX } from '@platform/domain';
import {
  addTaskAction,
  closeTaskAction,
  type CloseTaskState,
} from '@/app/dealer_console/[site]/(console)/leads/[id]/task-actions';
import type { TaskFormState } from '@/lib/dealer-console/lead-tasks';
import styles from './console.module.css';
import own from './lead-tasks.module.css';

/** A field's problem under it; the id its control names in aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

const describedBy = (...ids: (string | false | undefined)[]): string | undefined =>
  ids.filter(Boolean).join(' ') || undefined;

const FIELD_IDS: Record<string, string> = {
  kind: 'task-kind',
  date: 'task-date',
  time: 'task-time',
  title: 'task-title',
  assigneeId: 'task-assignee',
};

/**
 * Add a task: what, when (date and time on the dealership's clock), an optional note, and for
 * whom. Refused values stay as typed, each problem under its field and listed first in an alert.
 * Works before the script loads: the form posts to the server action.
 */
export function AddTaskForm(props: {
  site: string;
  leadId: string;
  zoneName: string;
  assignees: { id: string; name: string }[];
  initial: TaskFormState;
}) {
  const [state, action, pending] = useActionState(addTaskAction, props.initial);
  const { values, errors } = state;
  const problems = Object.entries(errors).filter(([, message]) => message);
  const invalid = (name: string): true | undefined => (errors[name] ? true : undefined);
  return (
    // The key starts the form afresh after each task added, with the values the action answered.
    <form action={action} className={own.addForm} noValidate key={`${state.status}-${values.date}-${values.time}`}>
      <input type="hidden" name="site" value={props.site} />
      <input type="hidden" name="leadId" value={props.leadId} />
      <h3 className={own.formTitle}>Add a task</h3>
      {state.status === 'added' && problems.length === 0 ? (
        <p role="status" className={styles.notice}>
          Task added.
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div role="alert" className={styles.noticeError}>
          <p className={own.summaryTitle}>The task was not added. Please fix:</p>
          <ul className={own.summaryList}>
            {problems.map(([name, message]) => (
              <li key={name}>{FIELD_IDS[name] ? <a href={`#${FIELD_IDS[name]}`}>{message}</a> : message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={own.field}>
        <label className={styles.label} htmlFor="task-kind">
          Task
        </label>
        <select
          id="task-kind"
          name="kind"
          className={styles.input}
          defaultValue={values.kind}
          aria-invalid={invalid('kind')}
          aria-describedby={describedBy(errors['kind'] && 'task-kind-error')}
        >
          {TASK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {TASK_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        <FieldError id="task-kind-error" message={errors['kind']} />
      </div>
      <fieldset className={own.when} aria-describedby="task-when-hint">
        <legend className={styles.label}>Due</legend>
        <p id="task-when-hint" className={own.hint}>
          On the dealership&apos;s clock ({props.zoneName}). A test drive marks the lead Test drive booked.
        </p>
        <div className={own.whenRow}>
          <div className={own.field}>
            <label htmlFor="task-date">Date</label>
            <input
              id="task-date"
              name="date"
              type="date"
              className={styles.input}
              defaultValue={values.date}
              required
              aria-invalid={invalid('date')}
              aria-describedby={describedBy(errors['date'] && 'task-date-error')}
            />
          </div>
          <div className={own.field}>
            <label htmlFor="task-time">Time</label>
            <input
              id="task-time"
              name="time"
              type="time"
              step={60}
              className={styles.input}
              defaultValue={values.time}
              required
              aria-invalid={invalid('time')}
              aria-describedby={describedBy(errors['time'] && 'task-time-error')}
            />
          </div>
        </div>
        <FieldError id="task-date-error" message={errors['date']} />
        <FieldError id="task-time-error" message={errors['time']} />
      </fieldset>
      <div className={own.field}>
        <label className={styles.label} htmlFor="task-title">
          Note (optional)
        </label>
        <input
          id="task-title"
          name="title"
          className={styles.input}
          maxLength={TASK_TITLE_MAX}
          defaultValue={values.title}
          placeholder="Bring the payslips"
          aria-invalid={invalid('title')}
          aria-describedby={describedBy(errors['title'] && 'task-title-error')}
        />
        <FieldError id="task-title-error" message={errors['title']} />
      </div>
      <div className={own.field}>
        <label className={styles.label} htmlFor="task-assignee">
          For
        </label>
        <select
          id="task-assignee"
          name="assigneeId"
          className={styles.input}
          defaultValue={values.assigneeId}
          aria-invalid={invalid('assigneeId')}
          aria-describedby={describedBy(errors['assigneeId'] && 'task-assignee-error')}
        >
          {props.assignees.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </select>
        <FieldError id="task-assignee-error" message={errors['assigneeId']} />
      </div>
      <button type="submit" className="button button-primary" disabled={pending}>
        Add task
      </button>
    </form>
  );
}

/** Done and Cancel beside an open task; a refusal is said beside it (announced). */
export function CloseTaskButtons(props: { site: string; leadId: string; taskId: string; what: string }) {
  const [state, action, pending] = useActionState<CloseTaskState, FormData>(closeTaskAction, { error: null });
  return (
    <form action={action} className={own.closeForm}>
      <input type="hidden" name="site" value={props.site} />
      <input type="hidden" name="leadId" value={props.leadId} />
      <input type="hidden" name="taskId" value={props.taskId} />
      {/* Named with their task: a list of tasks is a list of Done buttons to a screen reader. */}
      <button
        type="submit"
        name="how"
        value="done"
        className="button button-secondary"
        disabled={pending}
        aria-label={`Done: ${props.what}`}
      >
        Done
      </button>
      <button
        type="submit"
        name="how"
        value="cancel"
        className={styles.linkButton}
        disabled={pending}
        aria-label={`Cancel task: ${props.what}`}
      >
        Cancel task
      </button>
      {state.error ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
