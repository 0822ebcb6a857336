import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Lead notification and shopper alert emails kept by the development mail transport (SMTP sends them instead). */
@Entity({ name: 'outbound_emails' })
export class OutboundEmailEntity {
  /** The lead_outbox delivery id: one email per delivery however often it is retried. */
  @PrimaryColumn({ type: 'uuid' })
  delivery_id!: string;

  /** The lead of a lead email; null for a shopper alert (delivery_id is then the alert message's id). */
  @Column({ type: 'uuid', nullable: true })
  lead_id!: string | null;

  @Column({ type: 'text', array: true })
  recipients!: string[];

  @Column({ type: 'text' })
  subject!: string;

  /** The whole RFC 5322 message (.eml), as SMTP would have carried it. */
  @Column({ type: 'text' })
  raw!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
