import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ShopperEntity } from './shopper.entity';
import type { SiteEntity } from './site.entity';

/**
 * A shopper's saved search: the search page's criteria (filters, ranges, sort, query), the page it
 * was saved from, and how the shopper wants to hear of new matches. Deleting the shopper deletes it.
 */
@Entity({ name: 'saved_searches' })
@Check('ck_saved_searches_frequency', `frequency IN ('instant', 'digest')`)
@Index('ix_saved_searches_shopper', ['shopper_id', 'created_at'])
// GIN over the selective keys (created in the migration: TypeORM cannot declare the method).
@Index('ix_saved_searches_keys', { synchronize: false })
export class SavedSearchEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  shopper_id!: string;

  @ManyToOne('ShopperEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shopper_id' })
  shopper?: ShopperEntity;

  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site?: SiteEntity;

  @Column({ type: 'text' })
  name!: string;

  /** SavedSearchCriteria (libs/domain), validated on the way in. */
  @Column({ type: 'jsonb' })
  criteria!: Record<string, unknown>;

  /** The search page's path and query, for links back to it. */
  @Column({ type: 'text' })
  page_path!: string;

  /** The values of its most selective facet ('make_model=Toyota:RAV4'), or '*': how new cars find it. */
  @Column({ type: 'text', array: true })
  selective_keys!: string[];

  /** The channels with a live consent (alert_consents), kept in step with it; none: no alerts. */
  @Column({ type: 'text', array: true, default: () => `'{}'` })
  channels!: string[];

  @Column({ type: 'text', default: 'instant' })
  frequency!: string;

  /** The address for email alerts (the shopper signed in with their mobile only). */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  /** No alerts: no channel consented to (saved without alerts, turned off, or unsubscribed). */
  @Column({ type: 'boolean', default: false })
  paused!: boolean;

  /** When the shopper last looked at the watchlist page: new-match counts start here. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  last_viewed_at!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
