import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SiteEntity } from './site.entity';

/**
 * A one-time sign-in code sent by SMS. Neither the number nor the code is kept in clear: both are
 * HMACs under AUTH_SECRET, because a six-digit code hashed plainly is brute-forced from a dump in
 * a second. Rows stay after use so the per-number hourly limit can count them.
 */
@Entity({ name: 'sign_in_codes' })
@Index('ix_sign_in_codes_site_phone_created', ['site_id', 'phone_hash', 'created_at'])
export class SignInCodeEntity {
  // DEFAULT gen_random_uuid() (built into PostgreSQL 13+): an insert needs no id from the caller.
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site?: SiteEntity;

  /** HMAC-SHA256 of the site id and the E.164 number. */
  @Column({ type: 'text' })
  phone_hash!: string;

  /** HMAC-SHA256 of the code, bound to the site and number. */
  @Column({ type: 'text' })
  code_hash!: string;

  /** Wrong codes tried so far; at SIGN_IN_MAX_ATTEMPTS the code is dead. */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz' })
  expires_at!: Date;

  /** Set when the code signs the shopper in, or when a newer code replaces it. */
  @Column({ type: 'timestamptz', nullable: true })
  consumed_at!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
