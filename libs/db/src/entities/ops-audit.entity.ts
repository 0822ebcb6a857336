import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One change ops made to a tenant (a site, host, dealership, location or brand, or a whole
 * onboarding): who, what, and the record before and after. site_id is kept without a foreign key,
 * so the log outlives a purged site.
 */
@Entity({ name: 'ops_audit_log' })
@Index('ix_ops_audit_log_site', ['site_id', 'id'])
export class OpsAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_ops_audit_log' })
  id!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  /** 'ops-token' for a machine, or the operator's email once ops sign in. */
  @Column({ type: 'text' })
  actor!: string;

  /** 'site.created', 'host.added', 'onboarding', ... */
  @Column({ type: 'text' })
  action!: string;

  @Column({ type: 'int', nullable: true })
  site_id!: number | null;

  /** What was changed, by its natural key: 'site:geelong-mitsubishi', 'host:www.example.com.au'. */
  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'jsonb', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: Record<string, unknown> | null;
}
