import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CarEntity } from './car.entity';
import type { FeedRunEntity } from './feed-run.entity';
import type { PhotoEntity } from './photo.entity';

/**
 * Which photo addresses a car carries (issue 38), written in the same transaction as the car by
 * each feed run that applies it (the car's links are replaced). It tells the media worker which cars
 * to refresh when a photo is stored, which feed run and row to warn when one is refused, and the
 * lifecycle which photos are still in use.
 */
@Entity({ name: 'car_photos' })
@Index('ix_car_photos_photo', ['photo_id'])
export class CarPhotoEntity {
  @PrimaryColumn({ type: 'int' })
  car_id!: number;

  @ManyToOne('CarEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'car_id' })
  car?: CarEntity;

  @PrimaryColumn({ type: 'int' })
  photo_id!: number;

  @ManyToOne('PhotoEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'photo_id' })
  photo?: PhotoEntity;

  /** The feed field it came from (images, images.thumb, primary_image_url, spin_images...). */
  @Column({ type: 'text' })
  field!: string;

  /** Its place in that field's list (0 for a single field). */
  @Column({ type: 'int' })
  position!: number;

  /** One of the car's first photos (carPhotoAddresses): made with the eager variants. */
  @Column({ type: 'boolean', default: false })
  eager!: boolean;

  /** The run that last carried it, and the row of that run: where a refusal is reported. */
  @Column({ type: 'uuid', nullable: true })
  feed_run_id!: string | null;

  @ManyToOne('FeedRunEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'feed_run_id' })
  feed_run?: FeedRunEntity;

  @Column({ type: 'int', nullable: true })
  row!: number | null;

  /** When a warning about this photo went to that run, so it is written once per run. */
  @Column({ type: 'timestamptz', nullable: true })
  warned_at!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
