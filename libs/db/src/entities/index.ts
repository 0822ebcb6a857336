import { CarEntity } from './car.entity';
import { DealershipWebsiteEntity } from './dealership-website.entity';
import { DealershipEntity } from './dealership.entity';
import { LocationHoursEntity } from './location-hours.entity';
import { LocationSpecialHoursEntity } from './location-special-hours.entity';
import { LocationEntity } from './location.entity';
import { ManufacturerEntity } from './manufacturer.entity';
import { SiteHostEntity } from './site-host.entity';
import { SiteTemplateEntity } from './site-template.entity';
import { SiteEntity } from './site.entity';

export {
  CarEntity,
  DealershipEntity,
  DealershipWebsiteEntity,
  LocationEntity,
  LocationHoursEntity,
  LocationSpecialHoursEntity,
  ManufacturerEntity,
  SiteEntity,
  SiteHostEntity,
  SiteTemplateEntity,
};

export const ENTITIES = [
  SiteTemplateEntity,
  SiteEntity,
  SiteHostEntity,
  ManufacturerEntity,
  DealershipEntity,
  DealershipWebsiteEntity,
  LocationEntity,
  LocationHoursEntity,
  LocationSpecialHoursEntity,
  CarEntity,
];
