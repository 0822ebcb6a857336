import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { CarEntity } from './car.entity';
import type { SavedSearchEntity } from './saved-search.entity';
import type { ShopperEntity } from './shopper.entity';

/**
 * One piece of news for one shopper (a new match of a saved search, a followed car's lower price,
 * reservation or sale). The unique dedupe key makes the same change alert once however often it is
 * seen. `status`: pending (an instant alert not yet sent), digest (waiting for the morning digest),
 * sent, capped (over the daily limit: kept for the watchlist's counts, not sent), stopped (unsubscribed
 * before it went out).
 */
@Entity({ name: 'shopper_alerts' })
@Unique('uq_shopper_alerts_dedupe', ['shopper_id', 'dedupe_key'])
@Check('ck_shopper_alerts_kind', `kind IN ('new_match', 'price_drop', 'reserved', 'sold')`)
@Check('ck_shopper_alerts_status', `status IN ('pending', 'digest', 'sent', 'capped', 'stopped')`)
@Index('ix_shopper_alerts_status', ['status', 'shopper_id'])
@Index('ix_shopper_alerts_search', ['saved_search_id', 'created_at'])
export class ShopperAlertEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  shopper_id!: string;

  @ManyToOne('ShopperEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shopper_id' })
  shopper?: ShopperEntity;

  @Column({ type: 'int' })
  site_id!: number;

  @Column({ type: 'uuid', nullable: true })
  saved_search_id!: string | null;

  @ManyToOne('SavedSearchEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'saved_search_id' })
  saved_search?: SavedSearchEntity;

  @Index()
  @Column({ type: 'int' })
  car_id!: number;

  @ManyToOne('CarEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'car_id' })
  car?: CarEntity;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'text' })
  dedupe_key!: string;

  /** The price when the alert was made, and the one before a drop. */
  @Column({ type: 'int', nullable: true })
  price!: number | null;

  @Column({ type: 'int', nullable: true })
  old_price!: number | null;

  @Column({ type: 'text' })
  frequency!: string;

  @Column({ type: 'text', array: true })
  channels!: string[];

  /** Where an email alert goes (the saved search's or follow's address); the phone is the shopper's. */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text' })
  status!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
