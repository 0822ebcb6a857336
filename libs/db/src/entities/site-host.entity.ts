import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { SiteEntity } from './site.entity';

/**
 * A host name that serves a site, stored lower-case without a port. A development host is
 * verified at once; any other stays pending, serving nothing, until the dealer's DNS record
 * carrying verification_token is seen (or the token is found served over HTTP through the platform),
 * and is failing once it stops verifying (flagged, still served).
 */
@Entity({ name: 'site_hosts' })
@Index('ix_site_hosts_site', ['site_id'])
@Check('ck_site_hosts_status', `status IN ('pending', 'verified', 'failing')`)
@Check('ck_site_hosts_verified_by', `verified_by IN ('dns', 'http')`)
export class SiteHostEntity {
  @PrimaryColumn({ type: 'text' })
  host!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @Column({ type: 'boolean', default: false })
  primary!: boolean;

  @Column({ type: 'text', default: 'verified' })
  status!: 'pending' | 'verified' | 'failing';

  /** The token the host's TXT record must carry; public by nature (anyone can read DNS). */
  @Column({ type: 'text', nullable: true })
  verification_token!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  verified_at!: Date | null;

  /** How its last match came: its TXT record ('dns') or its token served over HTTP ('http'). */
  @Column({ type: 'text', nullable: true })
  verified_by!: 'dns' | 'http' | null;

  @Column({ type: 'timestamptz', nullable: true })
  checked_at!: Date | null;

  /** When Caddy last asked for a certificate for it and was told yes (null: no HTTPS visit has needed one). */
  @Column({ type: 'timestamptz', nullable: true })
  certificate_asked_at!: Date | null;

  /** Checks in a row that did not find the record (a verified host turns failing after a few). */
  @Column({ type: 'int', default: 0 })
  check_failures!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @ManyToOne('SiteEntity', (site: SiteEntity) => site.hosts, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site!: SiteEntity;
}
