import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LEAD_MESSAGES, REQUIRED_MESSAGES, type LeadSubmission } from '@platform/domain';
import { SiteCars } from '../cars/site-cars';
import type { SiteContext } from '../sites/site-directory';
import { formProblem } from './form-problem';

/** Where a lead goes and what it is about, resolved within the site. */
export interface LeadTarget {
  dealershipId: number | null;
  locationId: number | null;
  car: { id: number; slug: string; car_type: string; tag: string | null } | null;
  /** The vehicle-page defaults as the platform knows them, replacing whatever the page sent. */
  vehicleFields: Record<string, unknown>;
  valuationId?: string | null;
}

const fieldProblem = (path: string, message: string) => formProblem([{ path, message }]);

/**
 * Resolves the car, location and dealership a submission names, only among the site's own: a form
 * can never address another tenant's dealer. The dealership is the car's, else the location's, else
 * the one chosen, else the site's only (or primary location's) dealership.
 */
@Injectable()
export class LeadTargets {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cars: SiteCars,
  ) {}

  async resolve(site: SiteContext, submission: LeadSubmission): Promise<LeadTarget> {
    const form = submission as Record<string, unknown>;
    const target: LeadTarget = { dealershipId: null, locationId: null, car: null, vehicleFields: {} };

    const carId = form['car_id'] as number | undefined;
    if (carId !== undefined) {
      const found = await this.cars.byId(site.id, carId);
      if (!found)
        throw fieldProblem('car_id', 'This vehicle is not available on this site any more. Please choose another.');
      const { car, dealership } = found;
      target.car = { id: car.id, slug: car.slug, car_type: car.car_type, tag: car.tag };
      target.dealershipId = dealership.id;
      target.locationId = car.location_id;
      target.vehicleFields = {
        car_id: car.id,
        stock_number: car.stocknum,
        'Vehicle Make': car.make,
        'Vehicle Model': car.model,
        car_type: car.car_type,
        vehicle_status: car.status,
        dealership_slug: dealership.slug,
      };
    }

    const locationRef =
      form['location_id'] !== undefined ? String(form['location_id']) : (form['location'] as string | undefined);
    if (locationRef) {
      const [location] = (await this.db.query(
        `SELECT l.id, l.dealership_id FROM locations l JOIN dealerships d ON d.id = l.dealership_id
         WHERE d.site_id = $1 AND (l.id::text = $2 OR l.slug = $2 OR lower(l.name) = lower($2))
         ORDER BY (l.id::text = $2) DESC, l.id LIMIT 1`,
        [site.id, locationRef],
      )) as { id: number; dealership_id: number }[];
      const path = form['location_id'] !== undefined ? 'location_id' : 'location';
      if (!location)
        throw fieldProblem(path, path === 'location_id' ? LEAD_MESSAGES.location_id : REQUIRED_MESSAGES.location);
      // The car's own location wins for a vehicle lead; a chosen location decides everything else.
      if (!target.car) {
        target.locationId = location.id;
        target.dealershipId = location.dealership_id;
      }
    }

    const dealershipRef = (form['dealership_slug'] ?? form['preferredDealership']) as string | undefined;
    if (dealershipRef && !target.car) {
      const [dealership] = (await this.db.query(`SELECT id FROM dealerships WHERE site_id = $1 AND slug = $2`, [
        site.id,
        dealershipRef,
      ])) as { id: number }[];
      if (!dealership)
        throw fieldProblem(
          form['dealership_slug'] !== undefined ? 'dealership_slug' : 'preferredDealership',
          REQUIRED_MESSAGES.dealership_slug,
        );
      target.dealershipId = dealership.id;
    }

    if (target.dealershipId === null) target.dealershipId = await this.defaultDealership(site);
    return target;
  }

  private async defaultDealership(site: SiteContext): Promise<number | null> {
    if (site.scope.dealershipIds.length === 1) return site.scope.dealershipIds[0]!;
    const [primary] = (await this.db.query(
      `SELECT l.dealership_id FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE d.site_id = $1 AND l."primary" ORDER BY l.id LIMIT 1`,
      [site.id],
    )) as { dealership_id: number }[];
    return primary?.dealership_id ?? null;
  }
}
