import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { TrackingUserData } from '@platform/domain';

/**
 * A shopper analytics event (the specifications' event ids), recorded by the worker from its queue.
 * It names the page path, car and the bounded user data of spec 001 §7, never the shopper.
 */
@Entity({ name: 'analytics_events' })
@Index('ix_analytics_events_site_event_time', ['site_id', 'event_id', 'occurred_at'])
export class AnalyticsEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @Column({ type: 'int' })
  event_id!: number;

  @Column({ type: 'int', nullable: true })
  car_id!: number | null;

  /** The page path, without its query string. */
  @Column({ type: 'text', nullable: true })
  path!: string | null;

  /** TrackingUserDataSchema (url as a path, source, user_agent, car_id, car_dealership_id, lead_attributes). */
  @Column({ type: 'jsonb', nullable: true })
  user_data!: TrackingUserData | null;

  @Column({ type: 'timestamptz' })
  occurred_at!: Date;
}
