import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { DealershipEntity } from './dealership.entity';

/** A dealership's feed push key. Only its SHA-256 is stored; the key itself is shown once. */
@Entity({ name: 'feed_keys' })
export class FeedKeyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  @Index({ unique: true })
  @Column({ type: 'text' })
  key_hash!: string;

  /** The key's first characters, so ops can tell keys apart without the secret. */
  @Column({ type: 'text' })
  key_prefix!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at!: Date | null;

  /** When a push last used the key (to the minute), so a dealership can tell a key in use from a forgotten one. */
  @Column({ type: 'timestamptz', nullable: true })
  last_used_at!: Date | null;
}
