import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The development CRM: where leads of dealerships without a webhook are delivered, shown in the ops
 * dashboard. Keyed by delivery id, so a repeated delivery lands once, as a real CRM would de-duplicate.
 */
@Entity({ name: 'crm_deliveries' })
@Index('ix_crm_deliveries_received', ['received_at'])
export class CrmDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' })
  delivery_id!: string;

  @Column({ type: 'uuid' })
  lead_id!: string;

  @Column({ type: 'int', nullable: true })
  dealership_id!: number | null;

  /** The JSON body a webhook would have received. */
  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  received_at!: Date;
}
