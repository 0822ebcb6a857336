import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Outbox of car changes for the search index, written in the same transaction as the change, so
 * the index can never miss one; the indexer deletes a row once the index has it.
 */
@Entity({ name: 'car_changes' })
@Index('ix_car_changes_site', ['site_id', 'id'])
export class CarChangeEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @Column({ type: 'int' })
  car_id!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
