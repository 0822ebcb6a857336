import styles from './preview-banner.module.css';

/**
 * Shown on every page of a preview link (issue 52): whose draft this is, that nobody else sees it,
 * and the way out. A plain link, so it works before any script has loaded.
 */
export function PreviewBanner({ author }: { author: string }) {
  return (
    <aside className={styles.banner} aria-label="Preview">
      <p>
        <strong>Preview</strong> of a draft by {author}. Only you see these changes until they are published.
      </p>
      <a href="/_preview/exit">Leave preview</a>
    </aside>
  );
}
