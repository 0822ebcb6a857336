import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CarEntity } from './car.entity';
import type { ShopperEntity } from './shopper.entity';

/** A car a shopper saved. Removing the car (or the shopper) removes the item. */
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
}
