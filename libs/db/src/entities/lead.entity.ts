import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { CarEntity } from './car.entity';
import type { DealershipEntity } from './dealership.entity';
import type { LocationEntity } from './location.entity';
import type { SiteEntity } from './site.entity';
import type { ValuationEntity } from './valuation.entity';

/**
 * What a shopper submitted through a form: stored before anything else happens, so a lead is never
 * lost to a queue or CRM outage. Holds personal data: only the API, the worker and ops read it.
 */
@Entity({ name: 'leads' })
@Index('ix_leads_site_created', ['site_id', 'created_at'])
@Index('ix_leads_dealership_created', ['dealership_id', 'created_at'])
@Index('ix_leads_dealership_status', ['dealership_id', 'status', 'created_at'])
@Check('ck_leads_status', `status IN ('new', 'contacted', 'appointment', 'won', 'lost')`)
@Check('ck_leads_first_response_kind', `first_response_kind IN ('status', 'call', 'reply', 'reservation')`)
@Check('ck_leads_escalation_level', `escalation_level BETWEEN 0 AND 3`)
@Check('ck_leads_customer_phone', `customer_phone ~ '^\\+61[23478][0-9]{8}$'`)
@Index('ix_leads_dealership_customer_email', ['dealership_id', 'customer_email'], {
  where: 'customer_email IS NOT NULL',
})
@Index('ix_leads_dealership_customer_phone', ['dealership_id', 'customer_phone'], {
  where: 'customer_phone IS NOT NULL',
})
@Index('ix_leads_duplicate_of', ['duplicate_of'])
@Index('ix_leads_desk_open', ['response_due_at'], { where: 'first_response_at IS NULL AND escalation_level < 3' })
@Index('ux_leads_idempotency', ['site_id', 'idempotency_key'], { unique: true, where: 'idempotency_key IS NOT NULL' })
export class LeadEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site!: SiteEntity;

  /** The dealership the lead goes to: the car's, the location's, the chosen one or the site's primary. */
  @Column({ type: 'int', nullable: true })
  dealership_id!: number | null;

  @ManyToOne('DealershipEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'dealership_id' })
  dealership!: DealershipEntity | null;

  @Column({ type: 'int', nullable: true })
  location_id!: number | null;

  @ManyToOne('LocationEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'location_id' })
  location!: LocationEntity | null;

  @Column({ type: 'int', nullable: true })
  car_id!: number | null;

  @ManyToOne('CarEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'car_id' })
  car!: CarEntity | null;

  /** The form kind (general, vehicle, test_drive, ...). */
  @Column({ type: 'text' })
  form!: string;

  @Column({ type: 'text' })
  category!: string;

  @Column({ type: 'text', nullable: true })
  subcategory!: string | null;

  /** The validated form values as submitted (the honeypot and captcha token removed). */
  @Column({ type: 'jsonb' })
  fields!: Record<string, unknown>;

  /** The lead submission helper's userData: url, source, user_agent, car ids, lead_attributes. */
  @Column({ type: 'jsonb' })
  user_data!: Record<string, unknown>;

  /** Values saved later against the lead (POST /api/miscellaneous), keyed by column_name. */
  @Column({ type: 'jsonb', default: {} })
  miscellaneous!: Record<string, unknown>;

  @Column({ type: 'uuid', nullable: true })
  valuation_id!: string | null;

  @ManyToOne('ValuationEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'valuation_id' })
  valuation!: ValuationEntity | null;

  /** SHA-256 of the client's Idempotency-Key: a retried submission finds its lead instead of making another. */
  @Column({ type: 'text', nullable: true })
  idempotency_key!: string | null;

  /** SHA-256 of the submission, so a key reused for a different submission is refused. */
  @Column({ type: 'text', nullable: true })
  request_hash!: string | null;

  /** Where the dealership's work on it stands (libs/domain leadTransition moves it). */
  @Column({ type: 'text', default: 'new' })
  status!: 'new' | 'contacted' | 'appointment' | 'won' | 'lost';

  /** Why a lost lead was lost; null otherwise. */
  @Column({ type: 'text', nullable: true })
  lost_reason!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  status_changed_at!: Date | null;

  /**
   * The dealer user working the lead, or null. No foreign key: dealer users have no entity here
   * (their tables are the dealer accounts migration's), and the api checks the user holds a
   * membership of the lead's dealership when it assigns; a removed user reads as unassigned.
   */
  @Column({ type: 'uuid', nullable: true })
  assigned_user_id!: string | null;

  /** When it was last assigned (round-robin, by hand, or moved on when overdue). */
  @Column({ type: 'timestamptz', nullable: true })
  assigned_at!: Date | null;

  /** When a person should have first answered: the dealership's target in its sales hours (responseDueAt). */
  @Column({ type: 'timestamptz', nullable: true })
  response_due_at!: Date | null;

  /** The first answer by a person, who gave it (no foreign key, as assigned_user_id) and how. */
  @Column({ type: 'timestamptz', nullable: true })
  first_response_at!: Date | null;

  @Column({ type: 'uuid', nullable: true })
  first_response_by!: string | null;

  @Column({ type: 'text', nullable: true })
  first_response_kind!: 'status' | 'call' | 'reply' | 'reservation' | null;

  /** The shopper's normalised email and phone (libs/domain customerKeys): a dealership's customer is the leads sharing one. */
  @Column({ type: 'text', nullable: true })
  customer_email!: string | null;

  @Column({ type: 'text', nullable: true })
  customer_phone!: string | null;

  /**
   * The first lead this one repeats (same shopper, form and car within minutes), or null. No
   * foreign key: a lead is deleted with its site, duplicates and all.
   */
  @Column({ type: 'uuid', nullable: true })
  duplicate_of!: string | null;

  /** How far the lead desk's sweep has escalated it: 0 none, 1 assignee told, 2 owners told, 3 done. */
  @Column({ type: 'smallint', default: 0 })
  escalation_level!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
