import { LEAD_STATUS_LABELS, type LeadStatus } from '@platform/domain';
import styles from './console.module.css';

/** A lead's status as a small labelled badge (the word carries it; the colour only helps). */
export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`${styles.badge} ${styles[`badge_${status}`] ?? ''}`}>{LEAD_STATUS_LABELS[status]}</span>;
}
