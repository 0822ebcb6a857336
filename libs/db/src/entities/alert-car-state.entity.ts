import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { CarEntity } from './car.entity';

/** What the alert matcher last saw of a car: a change is news only against this (a snapshot that changes nothing is none). */
@Entity({ name: 'alert_car_states' })
export class AlertCarStateEntity {
  @PrimaryColumn({ type: 'int' })
  car_id!: number;

  @ManyToOne('CarEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'car_id' })
  car?: CarEntity;

  @Column({ type: 'int', nullable: true })
  price!: number | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'boolean' })
  reserved!: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
