import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Outbox of car changes for shopper alerts: the search indexer moves each car_changes row here in
 * the transaction that indexes it, so the alert matcher sees every indexed change once and never
 * scans the stock.
 */
@Entity({ name: 'alert_car_changes' })
@Index('ix_alert_car_changes_site', ['site_id', 'id'])
export class AlertCarChangeEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @Column({ type: 'int' })
  car_id!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
