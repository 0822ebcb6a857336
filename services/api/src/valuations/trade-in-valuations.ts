import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  conditionFactor,
  noTradeInEstimate,
  tradeInEstimate,
  type SiteConfig,
  type TradeInValuation,
} from '@platform/domain';
import { comparablePrices } from '../market/comparable-prices';
import { REGO_LOOKUP, type RegoLookup, type RegoVehicle } from './rego-lookup';

export interface TradeInRequest {
  rego?: string;
  rego_state?: string;
  make?: string;
  model?: string;
  year?: number;
  km?: number;
  /** The condition questions' answers (spec 001 adjustmentAnswers), keyed by question. */
  adjustmentAnswers?: Record<string, unknown>;
}

export interface StoredValuation extends Omit<TradeInValuation, 'valid_until'> {
  id: string;
  valid_until: string;
  vehicle: { make: string; model: string; year: number; km: number } | null;
}

const NOT_FOUND =
  "We couldn't find a vehicle with that rego. Please enter its make, model, year and kilometres instead.";

/** Trade-in estimates from the platform's comparable stock (spec 001 §9 limits), stored for 7 days. */
@Injectable()
export class TradeInValuations {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REGO_LOOKUP) private readonly rego: RegoLookup,
  ) {}

  /** The vehicle described, or found by rego (km as given, else as last listed); null when it cannot be identified. */
  private async identify(request: TradeInRequest): Promise<(RegoVehicle & { km: number }) | null> {
    if (request.make && request.model && request.year !== undefined && request.km !== undefined) {
      return { make: request.make, model: request.model, year: request.year, km: request.km };
    }
    if (!request.rego || !request.rego_state) return null;
    const found = await this.rego.find(request.rego, request.rego_state);
    const km = request.km ?? found?.km ?? null;
    return found && km !== null ? { ...found, km } : null;
  }

  /** Values the vehicle and stores the result in the caller's transaction. */
  async value(
    manager: EntityManager,
    siteId: number,
    config: SiteConfig,
    request: TradeInRequest,
    now = new Date(),
  ): Promise<StoredValuation> {
    const vehicle = await this.identify(request);
    const result: TradeInValuation = vehicle
      ? tradeInEstimate({
          year: vehicle.year,
          km: vehicle.km,
          comparablePrices: await comparablePrices(this.db, vehicle),
          variant: config.marketing.trade_in_faq_variant,
          margin: config.leads.trade_in_margin,
          adjustment: conditionFactor(request.adjustmentAnswers),
          now,
        })
      : noTradeInEstimate(NOT_FOUND, now);
    const record = {
      rego: request.rego ?? null,
      rego_state: request.rego_state ?? null,
      ...(vehicle ?? {
        make: request.make ?? null,
        model: request.model ?? null,
        year: request.year ?? null,
        km: request.km ?? null,
      }),
    };
    const [row] = (await manager.query(
      `INSERT INTO valuations (site_id, vehicle, status, low, high, comparables, reason, valid_until) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        siteId,
        JSON.stringify(record),
        result.status,
        result.low,
        result.high,
        result.comparables,
        result.reason,
        result.valid_until,
      ],
    )) as { id: string }[];
    return { ...result, id: row!.id, vehicle };
  }
}
