import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { CarEntity } from './car.entity';
import type { SavedSearchEntity } from './saved-search.entity';
import type { ShopperEntity } from './shopper.entity';
import type { SiteEntity } from './site.entity';

/**
 * A shopper's consent to alerts by one channel (issue 43; Spam Act 2003): what it covers (a saved
 * search, a followed car, or every alert), the exact words they ticked, when and where. Withdrawing
 * sets withdrawn_at and keeps the row, so the record of what was agreed survives; giving it again
 * adds a new row. The alert sender sends nothing a live row does not cover.
 */
@Entity({ name: 'alert_consents' })
@Check('ck_alert_consents_channel', `channel IN ('email', 'sms')`)
@Check(
  'ck_alert_consents_subject',
  `(subject = 'saved_search' AND saved_search_id IS NOT NULL AND car_id IS NULL) OR (subject = 'car' AND car_id IS NOT NULL AND saved_search_id IS NULL) OR (subject = 'all' AND saved_search_id IS NULL AND car_id IS NULL)`,
)
@Index('ix_alert_consents_live', ['shopper_id', 'channel'], { where: `withdrawn_at IS NULL` })
export class AlertConsentEntity {
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

  /** 'email' or 'sms'. */
  @Column({ type: 'text' })
  channel!: string;

  /** 'saved_search', 'car' or 'all' (ConsentSubject in libs/domain). */
  @Column({ type: 'text' })
  subject!: string;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  saved_search_id!: string | null;

  @ManyToOne('SavedSearchEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'saved_search_id' })
  saved_search?: SavedSearchEntity;

  @Column({ type: 'int', nullable: true })
  car_id!: number | null;

  @ManyToOne('CarEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'car_id' })
  car?: CarEntity;

  /** The words shown beside the box the shopper ticked, exactly. */
  @Column({ type: 'text' })
  wording!: string;

  /** Where it was given: search_page, vehicle_page, watchlist or api (ConsentSource). */
  @Column({ type: 'text' })
  source!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  granted_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  withdrawn_at!: Date | null;

  /** Where it was withdrawn: watchlist, vehicle_page or unsubscribe_link. */
  @Column({ type: 'text', nullable: true })
  withdrawn_source!: string | null;
}
