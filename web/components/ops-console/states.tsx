import styles from './ops.module.css';

const HOST_STATES = {
  pending: 'Pending DNS',
  verified: 'Verified',
  failing: 'Failing',
} as const;

const SITE_STATES = {
  active: 'Active',
  suspended: 'Suspended',
  retired: 'Retired',
} as const;

/** A host's verification state as a labelled badge: pending serves nothing; failing is still served. */
export function HostState({ status }: { status: keyof typeof HOST_STATES }) {
  return <span className={`${styles.state} ${styles[`state_${status}`]}`}>{HOST_STATES[status]}</span>;
}

/** A site's state as a labelled badge. */
export function SiteState({ status }: { status: keyof typeof SITE_STATES }) {
  return <span className={`${styles.state} ${styles[`state_${status}`]}`}>{SITE_STATES[status]}</span>;
}
