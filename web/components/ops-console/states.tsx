import { formatWhen } from '@/lib/dealer-console/format';
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

/**
 * A host's certificate as far as the platform can know it: Caddy asks the TLS ask endpoint only to
 * obtain or renew one, and the api records each yes. A pending host gets none until verified.
 */
export function certificateText(host: {
  status: keyof typeof HOST_STATES;
  certificate_asked_at: string | null;
}): string {
  if (host.status === 'pending') return 'No certificate until verified';
  return host.certificate_asked_at
    ? `Certificate requested ${formatWhen(host.certificate_asked_at)}`
    : 'Certificate issued on its first HTTPS visit';
}
