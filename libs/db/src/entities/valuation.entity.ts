import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A trade-in estimate from comparable platform stock, valid for 7 days, attached to its lead. */
@Entity({ name: 'valuations' })
@Check('ck_valuations_status', `status IN ('estimate', 'no_estimate')`)
@Index('ix_valuations_site_created', ['site_id', 'created_at'])
export class ValuationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  /** The vehicle valued: rego and state, and the make, model, year and km found or given. */
  @Column({ type: 'jsonb' })
  vehicle!: Record<string, unknown>;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'int', nullable: true })
  low!: number | null;

  @Column({ type: 'int', nullable: true })
  high!: number | null;

  @Column({ type: 'int' })
  comparables!: number;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'timestamptz' })
  valid_until!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
