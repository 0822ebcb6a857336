import { FEATURES_INITIAL, previewText } from '@platform/domain';
import { ExpandableList, ExpandableText } from '@/components/vehicle/expandable';
import type { SpecRow } from '@/lib/vehicle/car-details';
import styles from '@/components/vehicle/vehicle.module.css';

/** Label and value rows of the vehicle page's specification cards. */
export function SpecGrid({ rows }: { rows: SpecRow[] }) {
  return <dl className={styles.specs}>{specItems(rows)}</dl>;
}

export function specItems(rows: SpecRow[]) {
  return rows.map((row) => (
    <div key={row.label} className={styles.spec}>
      <dt>{row.label}</dt>
      <dd>{row.value}</dd>
    </div>
  ));
}

/** Dealer text: whole when short, else a preview with Show More (spec 000 §7). */
export function Description({ paragraphs }: { paragraphs: string[] }) {
  const preview = previewText(paragraphs);
  if (!preview.truncated) {
    return (
      <>
        {paragraphs.map((p, i) => (
          <p key={i} className={styles.prose}>
            {p}
          </p>
        ))}
      </>
    );
  }
  return (
    <ExpandableText preview={preview.text} full={paragraphs.join('\n\n')} moreLabel="Show More" lessLabel="Show Less" />
  );
}

/** A titled list of features that opens past its first FEATURES_INITIAL items; nothing when empty. */
export function FeatureList({ id, title, items }: { id: string; title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ExpandableList
        className={styles.features}
        initial={FEATURES_INITIAL}
        moreLabel="Show All"
        lessLabel="Hide"
        items={items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      />
    </section>
  );
}
