import { changeValue, type History } from '@/lib/site-editor/editor-api';
import styles from './site-editor.module.css';

const at = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
});

interface Props {
  versions: History['versions'];
  live: number;
  /** The rollback form's server action and its hidden fields; null for who may not roll back. */
  rollback: { action: (form: FormData) => Promise<void>; fields: Record<string, string> } | null;
}

/** A layer's published versions, newest first, each with who, when, what changed and Roll back. */
export function VersionHistory({ versions, live, rollback }: Props) {
  if (versions.length === 0) return <p>Nothing has been published yet.</p>;
  return (
    <ol className={styles.history}>
      {versions.map((v) => (
        <li key={v.version}>
          <h2>
            Version {v.version}
            {v.version === live ? ' (live)' : ''}
          </h2>
          <p>
            {v.author}, {at.format(new Date(v.published_at))}
            {v.note ? `. ${v.note}` : ''}
          </p>
          {v.changes.length > 0 && (
            <ul>
              {v.changes.slice(0, 30).map((c) => (
                <li key={c.path}>
                  <code>{c.path}</code>: {changeValue(c.before)} → {changeValue(c.after)}
                </li>
              ))}
              {v.changes.length > 30 && <li>and {v.changes.length - 30} more changes</li>}
            </ul>
          )}
          {rollback && v.version !== live && (
            <form action={rollback.action}>
              {Object.entries(rollback.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="version" value={v.version} />
              <button type="submit" className={styles.secondary}>
                Roll back to version {v.version}
              </button>
            </form>
          )}
        </li>
      ))}
    </ol>
  );
}
