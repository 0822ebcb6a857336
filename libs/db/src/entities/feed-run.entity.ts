import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { DealershipEntity } from './dealership.entity';

export interface FeedRunCounts {
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  sold: number;
  withdrawn: number;
  rejected: number;
}

export interface FeedRowError {
  row: number;
  stocknum: string | null;
  path: string;
  message: string;
}

/**
 * queued -> running -> succeeded | partial | failed; a snapshot over the removal guard is held until
 * ops confirm (-> running) or reject (-> failed); ops may cancel a run that is not finished.
 */
export const FEED_RUN_STATUSES = ['queued', 'running', 'held', 'succeeded', 'partial', 'failed', 'cancelled'] as const;
export type FeedRunStatus = (typeof FEED_RUN_STATUSES)[number];
/** Statuses a run never leaves. */
export const FINISHED_FEED_RUN_STATUSES: readonly FeedRunStatus[] = ['succeeded', 'partial', 'failed', 'cancelled'];

/** One push of a dealer's feed and what became of it. The raw body is in feed_payloads. */
@Entity({ name: 'feed_runs' })
@Check('ck_feed_runs_status', `status IN (${FEED_RUN_STATUSES.map((status) => `'${status}'`).join(', ')})`)
@Check('ck_feed_runs_mode', `mode IN ('snapshot', 'delta')`)
@Index('ix_feed_runs_dealership_received', ['dealership_id', 'received_at'])
@Index('ix_feed_runs_status_updated', ['status', 'updated_at'])
export class FeedRunEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  @Column({ type: 'text' })
  mode!: 'snapshot' | 'delta';

  /** application/json or text/csv. */
  @Column({ type: 'text' })
  content_type!: string;

  @Column({ type: 'int' })
  payload_bytes!: number;

  @Column({ type: 'text', default: 'queued' })
  status!: FeedRunStatus;

  @Column({ type: 'jsonb' })
  counts!: FeedRunCounts;

  /** Rejected rows' errors (the first 1,000; errors_omitted says how many more there were). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  errors!: FeedRowError[];

  @Column({ type: 'int', default: 0 })
  errors_omitted!: number;

  /** The first 100 warnings; warnings_omitted says how many more there were. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  warnings!: string[];

  @Column({ type: 'int', default: 0 })
  warnings_omitted!: number;

  /** How often the sweep queued this run again: its job ended, vanished or stopped making progress. */
  @Column({ type: 'int', default: 0 })
  sweep_resumes!: number;

  /** The job last queued for this run, so the sweep can see whether it is still alive. */
  @Column({ type: 'text', nullable: true })
  job_id!: string | null;

  /** Rows applied so far: a retried job resumes after them instead of applying them twice. */
  @Column({ type: 'int', default: 0 })
  rows_applied!: number;

  /** Why a snapshot was held or the run failed, for the dealer and ops. */
  @Column({ type: 'text', nullable: true })
  detail!: string | null;

  /** Set when ops confirm a held snapshot, so the guard lets it through. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmed_at!: Date | null;

  /**
   * A held snapshot: the stock numbers of the live cars it would withdraw, as the guard found them
   * (at most HELD_WITHDRAWALS_MAX), so the dealership can see what confirming would remove.
   */
  @Column({ type: 'jsonb', nullable: true })
  held_withdrawals!: string[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  received_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  started_at!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at!: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
