import type { Metadata } from 'next';
import { ConsoleFrame, param } from '@/components/dealer-console/console-frame';
import styles from '@/components/dealer-console/console.module.css';
import { AuditPageSchema, consoleGet, ConsoleUsersSchema, getDealerMe } from '@/lib/api/dealer';
import { personalPage } from '@/lib/edge/personal-page';
import { AskFirst, ConfirmStep } from '@/components/dealer-console/confirm-step';
import { changeRoleAction, inviteUserAction, removeUserAction } from '../console-actions';

export const metadata: Metadata = personalPage({ title: 'Users · Dealer console' });
export const dynamic = 'force-dynamic';

const DONE: Record<string, string> = {
  invited: 'Done. They have been emailed how to sign in.',
  already: 'Already a user of that dealership with that role: nothing changed and no email was sent.',
  removed: 'Removed. They can no longer see that dealership.',
  'role-changed': 'Role changed. They have been emailed their new access.',
};

const ROLE_HELP = [
  ['owner', 'Owner', 'everything, and manages users and feed keys'],
  ['sales', 'Sales', 'works leads and reservations'],
  ['viewer', 'Viewer', 'reads only'],
] as const;

/** Which membership a row's forms act on: the change-role and remove forms send the same three. */
function MembershipFields({ site, dealership, id }: { site: string; dealership: string; id: string }) {
  return (
    <>
      <input type="hidden" name="site" value={site} />
      <input type="hidden" name="dealership" value={dealership} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/** What an audit entry says, in words ('user.removed' -> 'User removed'). */
const actionLabel = (action: string): string => {
  const text = action.replace(/[._]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The entry's subject and role change, when it has them: ': sam@example.com (viewer → sales)'. */
function auditDetail(detail: Record<string, unknown>): string {
  const text = (key: string): string | null => (typeof detail[key] === 'string' ? (detail[key] as string) : null);
  const email = text('email');
  const role = text('role');
  const from = text('from');
  if (!email) return '';
  return `: ${email}${role ? ` (${from ? `${from} → ` : ''}${role})` : ''}`;
}

const at = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
});
const when = (value: string | null): string => (value ? at.format(new Date(value)) : 'Never');

/** Owners: who can use their dealerships' console, inviting and removing them, and the audit log. */
export default async function DealerUsersPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const query = await searchParams;
  const me = await getDealerMe(site);
  const owned = (me?.dealerships ?? []).filter((d) => d.role === 'owner');
  if (!me || owned.length === 0)
    return (
      <ConsoleFrame title="Users">
        <p>Only an owner of a dealership manages its users. Ask your dealership&apos;s owner.</p>
      </ConsoleFrame>
    );
  const [users, audit] = await Promise.all([
    consoleGet(site, '/api/dealer/users', ConsoleUsersSchema),
    consoleGet(site, '/api/dealer/audit?limit=30', AuditPageSchema),
  ]);
  const done = param(query['done']);
  const [removeId, removeFrom] = (param(query['remove']) ?? '').split(':');
  const removingUser = users?.users.find((u) => u.id === removeId);
  const removingFrom = removingUser?.dealerships.find((d) => d.slug === removeFrom);
  const removing = removingUser && removingFrom ? { user: removingUser, dealership: removingFrom } : null;
  const names = new Map(owned.map((d) => [d.slug, d.name]));
  return (
    <ConsoleFrame title="Users" notice={done ? (DONE[done] ?? null) : null} error={param(query['error'])}>
      <section className={styles.section} aria-labelledby="users-title">
        <h2 id="users-title">Who can sign in</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Dealership and role</th>
                <th scope="col">Last signed in</th>
              </tr>
            </thead>
            <tbody>
              {(users?.users ?? []).map((user) => (
                <tr key={user.id}>
                  <td data-label="Name">
                    <div>
                      {user.name}
                      <br />
                      <span className={styles.muted}>{user.email}</span>
                    </div>
                  </td>
                  <td data-label="Dealership and role">
                    <ul className={styles.list}>
                      {user.dealerships.map((d) => (
                        <li key={d.slug}>
                          {d.name}: {d.role}{' '}
                          <form action={changeRoleAction} className={styles.inline}>
                            <MembershipFields site={site} dealership={d.slug} id={user.id} />
                            <select
                              name="role"
                              defaultValue={d.role}
                              className={styles.select}
                              aria-label={`Role of ${user.name} at ${d.name}`}
                            >
                              {ROLE_HELP.map(([value, label]) => (
                                <option key={value} value={value}>
                                  {label}
                                </option>
                              ))}
                            </select>{' '}
                            <button
                              type="submit"
                              className={styles.secondary}
                              aria-label={`Change role of ${user.name} at ${d.name}`}
                            >
                              Change role
                            </button>
                          </form>{' '}
                          <AskFirst
                            path="/dealer/users"
                            param="remove"
                            value={`${user.id}:${d.slug}`}
                            anchor="remove-confirm"
                            label={`Remove ${user.name} from ${d.name}`}
                          >
                            Remove
                          </AskFirst>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Last signed in">{when(user.lastSignedInAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {removing ? (
          <ConfirmStep
            id="remove-confirm"
            question={`Remove ${removing.user.name} from ${removing.dealership.name}?`}
            consequence={`They can no longer see ${removing.dealership.name}'s leads, reservations or feed, and are signed out if it was their last dealership. You can invite them again later.`}
            action={removeUserAction}
            fields={<MembershipFields site={site} dealership={removing.dealership.slug} id={removing.user.id} />}
            confirmLabel="Yes, remove"
            cancelHref="/dealer/users"
          />
        ) : null}
      </section>

      <section className={styles.section} aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <p className={styles.muted}>
          They sign in at this site&apos;s /dealer/sign-in with their email address: a one-time code is emailed each
          time. To change the role of someone already here, use the control beside their name.
        </p>
        <form action={inviteUserAction} className={styles.form}>
          <input type="hidden" name="site" value={site} />
          <label className={styles.fieldLabel}>
            Name
            <input name="name" required maxLength={120} autoComplete="off" />
          </label>
          <label className={styles.fieldLabel}>
            Email
            <input name="email" type="email" required maxLength={254} autoComplete="off" />
          </label>
          <label className={styles.fieldLabel}>
            Dealership
            <select name="dealership" className={styles.select}>
              {owned.map((d) => (
                <option key={d.slug} value={d.slug}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className={styles.roles}>
            <legend>Role</legend>
            {ROLE_HELP.map(([value, label, help]) => (
              <label key={value}>
                <input type="radio" name="role" value={value} defaultChecked={value === 'sales'} /> {label}
                <span className={styles.muted}> ({help})</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className={styles.button}>
            Invite
          </button>
        </form>
      </section>

      <section className={styles.section} aria-labelledby="audit-title">
        <h2 id="audit-title">Audit log</h2>
        {(audit?.entries ?? []).length === 0 ? (
          <p className={styles.muted}>No changes yet.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Dealership</th>
                </tr>
              </thead>
              <tbody>
                {(audit?.entries ?? []).map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="When">{when(entry.at)}</td>
                    <td data-label="Who">{entry.actor}</td>
                    <td data-label="What">
                      {actionLabel(entry.action)}
                      {auditDetail(entry.detail)}
                    </td>
                    <td data-label="Dealership">{names.get(entry.dealership) ?? entry.dealership}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </ConsoleFrame>
  );
}
