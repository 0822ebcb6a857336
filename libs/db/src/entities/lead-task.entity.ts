import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { DealershipEntity } from './dealership.entity';
import type { LeadEntity } from './lead.entity';

/**
 * Follow-up on a lead (issue 53 item 6): a call back, a test drive, finance documents, due at a
 * time, its person reminded at `remind_at` by the lead desk sweep (once: `reminded_at`). Done or
 * cancelled, never deleted. The rules (due-time bounds, the reminder's time, what a test drive does
 * to its lead) are libs/domain lead-tasks.ts.
 */
@Entity({ name: 'lead_tasks' })
@Check('ck_lead_tasks_kind', `kind IN ('call_back', 'test_drive', 'finance_docs', 'other')`)
@Check('ck_lead_tasks_title', `char_length(title) BETWEEN 1 AND 200`)
@Check('ck_lead_tasks_closed_once', `done_at IS NULL OR cancelled_at IS NULL`)
@Index('ix_lead_tasks_remind_due', ['remind_at'], {
  where: 'reminded_at IS NULL AND done_at IS NULL AND cancelled_at IS NULL',
})
@Index('ix_lead_tasks_lead', ['lead_id', 'due_at'])
@Index('ix_lead_tasks_dealership_open', ['dealership_id', 'due_at'], {
  where: 'done_at IS NULL AND cancelled_at IS NULL',
})
export class LeadTaskEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_lead_tasks' })
  id!: string;

  @Column({ type: 'uuid' })
  lead_id!: string;

  @ManyToOne('LeadEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id', foreignKeyConstraintName: 'FK_lead_tasks_lead' })
  lead?: LeadEntity;

  /** The lead's dealership, so a user's task list filters by their dealerships alone. */
  @Column({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id', foreignKeyConstraintName: 'FK_lead_tasks_dealership' })
  dealership?: DealershipEntity;

  /** call_back, test_drive, finance_docs or other (libs/domain TASK_KINDS). */
  @Column({ type: 'text' })
  kind!: 'call_back' | 'test_drive' | 'finance_docs' | 'other';

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'timestamptz' })
  due_at!: Date;

  /** When its person is told; null: never (the task was already due when written down). */
  @Column({ type: 'timestamptz', nullable: true })
  remind_at!: Date | null;

  /** Who does it and is reminded (no foreign key, as leads.assigned_user_id). */
  @Column({ type: 'uuid', nullable: true })
  assigned_user_id!: string | null;

  /** The dealer user who wrote it; null for the platform's own (the demo data). */
  @Column({ type: 'uuid', nullable: true })
  created_by!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  done_at!: Date | null;

  @Column({ type: 'uuid', nullable: true })
  done_by!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  cancelled_at!: Date | null;

  /** When the sweep took its reminder (queued the notice, or passed it over as too old). */
  @Column({ type: 'timestamptz', nullable: true })
  reminded_at!: Date | null;
}
