import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CarEntity } from './car.entity';
import type { ShopperEntity } from './shopper.entity';

/**
 * A car a shopper saved, and may follow (its price drops, reservation and sale alert them, by the
 * channels they consented to). Removing the car (or the shopper) removes the item.
 */
@Entity({ name: 'watchlist_items' })
export class WatchlistItemEntity {
  @PrimaryColumn({ type: 'uuid' })
  shopper_id!: string;

  @ManyToOne('ShopperEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shopper_id' })
  shopper?: ShopperEntity;

  @Index()
  @PrimaryColumn({ type: 'int' })
  car_id!: number;

  @ManyToOne('CarEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'car_id' })
  car?: CarEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  /**
   * The channels the shopper consented to for this car's alerts (price drop, reserved, sold); kept
   * in step with its live alert_consents. Saving a car asks for none.
   */
  @Column({ type: 'text', array: true, default: () => `'{}'` })
  alert_channels!: string[];

  @Column({ type: 'text', default: 'instant' })
  alert_frequency!: string;

  @Column({ type: 'text', nullable: true })
  alert_email!: string | null;

  /** No alerts (not followed, unfollowed or unsubscribed): the car stays saved, its news is not sent. */
  @Column({ type: 'boolean', default: true })
  alerts_paused!: boolean;
}
