import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ShopperEntity } from './shopper.entity';

/**
 * A signed-in browser. The cookie carries a random token; only its SHA-256 is stored, so a
 * database dump signs no one in. Sign-out sets revoked_at.
 */
@Entity({ name: 'shopper_sessions' })
export class ShopperSessionEntity {
  // DEFAULT gen_random_uuid() (built into PostgreSQL 13+): an insert needs no id from the caller.
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'uuid' })
  shopper_id!: string;

  @ManyToOne('ShopperEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shopper_id' })
  shopper?: ShopperEntity;

  @Index({ unique: true })
  @Column({ type: 'text' })
  token_hash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  expires_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at!: Date | null;
}
