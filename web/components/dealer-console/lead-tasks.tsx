import { isTaskKind, TASK_KIND_LABELS, TASK_STATE_LABELS } from '@platform/domain';
import type { DealerLeadTask } from '@/lib/api/dealer';
import { formatWhen } from '@/lib/dealer-console/format';
import { taskFormDefaults } from '@/lib/dealer-console/lead-tasks';
import { AddTaskForm, CloseTaskButtons } from './lead-task-forms';
import styles from './console.module.css';
import own from './lead-tasks.module.css';

/** 'Test drive: bring licence' */
const taskName = (task: DealerLeadTask): string =>
  `${TASK_KIND_LABELS[task.kind]}${task.title ? `: ${task.title}` : ''}`;

/** A task's line in the lead's history: 'Task added: Test drive', 'Task done: Call back'. */
export function taskHistoryText(action: string, detail: Record<string, unknown>): string | null {
  const what = isTaskKind(detail['kind']) ? TASK_KIND_LABELS[detail['kind']] : 'a task';
  if (action === 'lead.task_added') return `Task added: ${what}`;
  if (action === 'lead.task_done') return `Task done: ${what}`;
  if (action === 'lead.task_cancelled') return `Task cancelled: ${what}`;
  return null;
}

/**
 * The lead's follow-up (issue 53 item 6): its open tasks soonest due first, each with its due time
 * on the dealership's clock, Overdue said in words, for whom, and Done or Cancel; then those done
 * or cancelled; and the form to add one. Rendered on the server; only the forms are client parts.
 */
export function LeadTasks(props: {
  site: string;
  leadId: string;
  tasks: DealerLeadTask[];
  timeZone: string;
  canChange: boolean;
  assignees: { id: string; name: string }[];
  /** Who a new task is for unless chosen: the lead's salesperson, else the user. */
  defaultAssigneeId: string;
}) {
  const open = props.tasks.filter((task) => !task.doneAt && !task.cancelledAt);
  const closed = props.tasks.filter((task) => task.doneAt || task.cancelledAt);
  const when = (iso: string) => <time dateTime={iso}>{formatWhen(iso, props.timeZone)}</time>;
  return (
    <section className={styles.panel} aria-labelledby="tasks-title">
      <h2 id="tasks-title">Tasks</h2>
      {open.length === 0 ? (
        <p>No follow-up booked.</p>
      ) : (
        <ol className={own.tasks} aria-label="Open tasks">
          {open.map((task) => (
            <li key={task.id} className={task.state === 'overdue' ? own.overdue : undefined}>
              <p className={own.taskName}>{taskName(task)}</p>
              <p className={styles.leadMeta}>
                <span className={`${own.state} ${own[`state_${task.state}`] ?? ''}`}>
                  {TASK_STATE_LABELS[task.state]}
                </span>{' '}
                · {task.state === 'overdue' ? 'was due ' : ''}
                {when(task.dueAt)}
                {task.assignee ? ` · for ${task.assignee.name}` : ' · for whoever takes the lead'}
              </p>
              {props.canChange ? (
                <CloseTaskButtons
                  site={props.site}
                  leadId={props.leadId}
                  taskId={task.id}
                  what={`${taskName(task)}, ${formatWhen(task.dueAt, props.timeZone)}`}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {closed.length > 0 ? (
        <details className={own.closed}>
          <summary>Done and cancelled ({closed.length})</summary>
          <ol className={own.tasks}>
            {closed.map((task) => (
              <li key={task.id}>
                <p className={own.taskName}>{taskName(task)}</p>
                <p className={styles.leadMeta}>
                  {task.doneAt ? (
                    <>
                      Done{task.doneBy ? ` by ${task.doneBy}` : ''} · {when(task.doneAt)}
                    </>
                  ) : (
                    <>Cancelled · {when(task.cancelledAt ?? task.createdAt)}</>
                  )}{' '}
                  (was due {formatWhen(task.dueAt, props.timeZone)})
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {props.canChange ? (
        <AddTaskForm
          site={props.site}
          leadId={props.leadId}
          zoneName={props.timeZone}
          assignees={props.assignees}
          initial={{
            status: 'idle',
            values: taskFormDefaults(new Date(), props.timeZone, props.defaultAssigneeId),
            errors: {},
          }}
        />
      ) : (
        <p>Your role is viewer, so tasks are for your colleagues to add.</p>
      )}
    </section>
  );
}
