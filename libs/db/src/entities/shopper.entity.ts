import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { SiteEntity } from './site.entity';

/**
 * A shopper who signed in with a one-time SMS code. Accounts are per site: each site is its own
 * brand, so the same number on two sites is two shoppers who share nothing.
 */
@Entity({ name: 'shoppers' })
@Unique('uq_shoppers_site_phone', ['site_id', 'phone'])
export class ShopperEntity {
  // DEFAULT gen_random_uuid() (built into PostgreSQL 13+): an insert needs no id from the caller.
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site?: SiteEntity;

  /** The verified mobile in E.164 ('+61412345678'). */
  @Column({ type: 'text' })
  phone!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  last_signed_in_at!: Date | null;
}
