import { CarChangeEntity } from './car-change.entity';
import { CarEventDayEntity } from './car-event-day.entity';
import { CarEntity } from './car.entity';
import { DealershipWebsiteEntity } from './dealership-website.entity';
import { DealershipEntity } from './dealership.entity';
import { FeedKeyEntity } from './feed-key.entity';
import { FeedPayloadEntity } from './feed-payload.entity';
import { FeedRunEntity } from './feed-run.entity';
import { LocationHoursEntity } from './location-hours.entity';
import { LocationSpecialHoursEntity } from './location-special-hours.entity';
import { LocationEntity } from './location.entity';
import { ManufacturerEntity } from './manufacturer.entity';
import { SearchDocumentEntity } from './search-document.entity';
import { SearchIndexVersionEntity } from './search-index-version.entity';
import { SiteHostEntity } from './site-host.entity';
import { SiteTemplateEntity } from './site-template.entity';
import { SiteEntity } from './site.entity';

export type { FeedRowError, FeedRunCounts } from './feed-run.entity';

export {
  CarChangeEntity,
  CarEventDayEntity,
  CarEntity,
  DealershipEntity,
  DealershipWebsiteEntity,
  FeedKeyEntity,
  FeedPayloadEntity,
  FeedRunEntity,
  LocationEntity,
  LocationHoursEntity,
  LocationSpecialHoursEntity,
  ManufacturerEntity,
  SearchDocumentEntity,
  SearchIndexVersionEntity,
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
  CarChangeEntity,
  CarEventDayEntity,
  FeedKeyEntity,
  FeedRunEntity,
  FeedPayloadEntity,
  SearchIndexVersionEntity,
  SearchDocumentEntity,
];
