import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import {
  LEAD_STATUS_LABELS,
  TASK_KIND_LABELS,
  TASK_STATE_LABELS,
  TASK_VIEW_LABELS,
  TASK_VIEWS,
  type TaskView,
} from '@platform/domain';
import { ConsoleFrame, param } from '@/components/dealer-console/console-frame';
import styles from '@/components/dealer-console/console.module.css';
import own from '@/components/dealer-console/lead-tasks.module.css';
import { getDealerMe, getDealerTasks } from '@/lib/api/dealer';
import { formatWhen } from '@/lib/dealer-console/format';
import { personalPage } from '@/lib/edge/personal-page';

export const metadata: Metadata = personalPage({ title: 'Tasks · Dealer console' });
export const dynamic = 'force-dynamic';

/**
 * /dealer/tasks: the salesperson's follow-up, soonest due first: their own open tasks, or every
 * open task of their dealerships that is overdue or due today. Each links to its lead, where it is
 * done or cancelled.
 */
export default async function TasksPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site: slug } = await params;
  const asked = param((await searchParams)['view']);
  const view: TaskView = (TASK_VIEWS as readonly string[]).includes(asked ?? '') ? (asked as TaskView) : 'mine';
  const [me, tasks] = await Promise.all([getDealerMe(slug), getDealerTasks(slug, view)]);
  if (!me || !tasks) redirect('/dealer/sign-in');
  const many = me.dealerships.length > 1;
  return (
    <ConsoleFrame title="Tasks">
      <nav aria-label="Task views" className={styles.views}>
        {TASK_VIEWS.map((v) => (
          <a
            key={v}
            href={v === 'mine' ? '/dealer/tasks' : `/dealer/tasks?view=${v}`}
            className={styles.viewTab}
            aria-current={v === view ? 'page' : undefined}
          >
            {TASK_VIEW_LABELS[v]}
          </a>
        ))}
      </nav>
      {tasks.length === 0 ? (
        <p>
          {view === 'mine'
            ? 'Nothing to follow up: you have no open tasks.'
            : view === 'overdue'
              ? 'No task is overdue.'
              : 'No task is due today.'}
        </p>
      ) : (
        <ol className={own.tasks} aria-label={TASK_VIEW_LABELS[view]}>
          {tasks.map((task) => (
            <li key={task.id} className={task.state === 'overdue' ? own.overdue : undefined}>
              <p className={own.taskName}>
                <a href={`/dealer/leads/${task.lead.id}`}>
                  {TASK_KIND_LABELS[task.kind]}: {task.lead.name ?? 'a shopper'}
                </a>
                {task.title ? ` · ${task.title}` : ''}
              </p>
              <p className={styles.leadMeta}>
                <span className={`${own.state} ${own[`state_${task.state}`] ?? ''}`}>
                  {TASK_STATE_LABELS[task.state]}
                </span>{' '}
                · {task.state === 'overdue' ? 'was due ' : ''}
                <time dateTime={task.dueAt}>{formatWhen(task.dueAt, task.timeZone)}</time>
                {view !== 'mine' ? ` · for ${task.assignee?.name ?? 'nobody at the dealership now'}` : ''} · lead{' '}
                {LEAD_STATUS_LABELS[task.lead.status].toLowerCase()}
                {many ? ` · ${task.lead.dealership.name}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </ConsoleFrame>
  );
}
