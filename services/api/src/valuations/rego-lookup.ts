import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface RegoVehicle {
  make: string;
  model: string;
  year: number;
  km: number | null;
}

/** Finds a vehicle by its registration plate; a state registry service would sit behind this interface. */
export interface RegoLookup {
  find(rego: string, state: string): Promise<RegoVehicle | null>;
}
export const REGO_LOOKUP = Symbol('REGO_LOOKUP');

export const normaliseRego = (rego: string): string => rego.replace(/[^a-z0-9]/gi, '').toUpperCase();

/**
 * The platform's own records: a vehicle a dealer on the platform has listed (regplate in its feed),
 * most recent first, registered in that state when its location says so.
 */
@Injectable()
export class PlatformRegoLookup implements RegoLookup {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(rego: string, state: string): Promise<RegoVehicle | null> {
    const [row] = (await this.db.query(
      `SELECT c.make, c.model, c.year, c.km FROM cars c LEFT JOIN locations l ON l.id = c.location_id
       WHERE upper(regexp_replace(c.data->>'regplate', '[^A-Za-z0-9]', '', 'g')) = $1 AND (l.state IS NULL OR upper(l.state) = upper($2))
       ORDER BY c.updated_at DESC LIMIT 1`,
      [normaliseRego(rego), state],
    )) as RegoVehicle[];
    return row ?? null;
  }
}
