import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SiteEntity } from './site.entity';

/**
 * The outbox of the development SMS sender: what would have been texted, for developers and tests
 * to read. Production sends through the SMS gateway and writes nothing here.
 */
@Entity({ name: 'sms_messages' })
@Index('ix_sms_messages_site_created', ['site_id', 'created_at'])
export class SmsMessageEntity {
  // DEFAULT gen_random_uuid() (built into PostgreSQL 13+): an insert needs no id from the caller.
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site?: SiteEntity;

  /** E.164. */
  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  body!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
