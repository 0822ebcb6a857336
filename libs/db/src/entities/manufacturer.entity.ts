import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A brand; its configuration layer sits on top of the dealership's. */
@Entity({ name: 'manufacturers' })
export class ManufacturerEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text', nullable: true })
  logo_url!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  config!: Record<string, unknown>;
}
