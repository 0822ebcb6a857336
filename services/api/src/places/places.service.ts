import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import {
  deliveryQuote,
  filterLocations,
  groupOpeningHours,
  type Coordinates,
  type DeliveryQuote,
} from '@platform/domain';
import { DealershipEntity, LocationEntity } from '@platform/db';
import { SiteCars } from '../cars/site-cars';
import { SiteDirectory } from '../sites/site-directory';
import { locationView } from '../sites/site-view';
import type { LocationsQuery } from './places.controller';
import { PostcodeDirectory, type PostcodePlace } from './postcode-directory';

/** Locations, geocoding and delivery estimates. */
@Injectable()
export class PlacesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sites: SiteDirectory,
    private readonly cars: SiteCars,
    private readonly postcodes: PostcodeDirectory,
  ) {}

  geocode(postcode: string): Promise<PostcodePlace | null> {
    return this.postcodes.find(postcode);
  }

  async locations(slug: string, query: LocationsQuery) {
    const site = await this.sites.bySlug(slug);
    const dealerships = await this.db.getRepository(DealershipEntity).find({ where: { site_id: site.id } });
    const byId = new Map(dealerships.map((d) => [d.id, d]));
    const rows = dealerships.length
      ? await this.db.getRepository(LocationEntity).find({
          where: { dealership_id: In(dealerships.map((d) => d.id)) },
          relations: { hours: true, special_hours: true },
          order: { id: 'ASC' },
        })
      : [];
    const views = rows.map((row) => locationView(row, byId.get(row.dealership_id) as DealershipEntity));
    return filterLocations(views, query).map((location) => ({
      ...location,
      hours_lines: groupOpeningHours(location.contact_detail.opening_hours),
    }));
  }

  async delivery(slug: string, carSlug: string, postcode: string): Promise<DeliveryQuote | null> {
    const site = await this.sites.bySlug(slug);
    const { car, location } = await this.cars.bySlug(site.id, carSlug);
    const config = await this.sites.forDealership(car.dealership_id);
    const to = await this.postcodes.find(postcode);
    const from: Coordinates | null =
      location?.lat != null && location.long != null
        ? { lat: location.lat, lng: location.long }
        : location
          ? await this.postcodes.find(location.postcode)
          : null;
    return deliveryQuote({ regions: config.delivery.regions, postcode, from, to });
  }
}
