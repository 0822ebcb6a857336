import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { LeadEntity } from './lead.entity';

/**
 * A dealer user's private note on a lead: seen in the console by the users of the lead's dealership,
 * never sent to the shopper or the CRM. The author's name is kept as written then, so a note still
 * says who wrote it after that user is removed.
 */
@Entity({ name: 'lead_notes' })
@Index('ix_lead_notes_lead', ['lead_id', 'created_at'])
@Check('ck_lead_notes_body', `char_length(body) BETWEEN 1 AND 2000`)
export class LeadNoteEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  lead_id!: string;

  @ManyToOne('LeadEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: LeadEntity;

  /** The dealer user who wrote it (no foreign key, as leads.assigned_user_id). */
  @Column({ type: 'uuid', nullable: true })
  author_user_id!: string | null;

  @Column({ type: 'text' })
  author_name!: string;

  @Column({ type: 'text' })
  body!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
