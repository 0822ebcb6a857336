import { Foundation1763700000000 } from './1763700000000-foundation';
import { StockPipeline1763800000000 } from './1763800000000-stock-pipeline';
import { CarEvents1763900000000 } from './1763900000000-car-events';
import { Leads1764000000000 } from './1764000000000-leads';
import { ShopperAccounts1764000000001 } from './1764000000001-shopper-accounts';
import { LocationReviews1764100000000 } from './1764100000000-location-reviews';
import { FeedRunErrorsOmitted1764200000000 } from './1764200000000-feed-run-errors-omitted';
import { LeadEmailSendMarker1764400000000 } from './1764400000000-lead-email-send-marker';
import { SiteConfigVersion1764500000000 } from './1764500000000-site-config-version';
import { Reservations1764600000000 } from './1764600000000-reservations';
import { SearchVersionRevisions1764700000000 } from './1764700000000-search-version-revisions';
import { SavedSearches1764800000000 } from './1764800000000-saved-searches';
import { SavedSearchUnstoredMatches1764900000000 } from './1764900000000-saved-search-unstored-matches';
import { ReservationRefunds1765000000000 } from './1765000000000-reservation-refunds';
import { FeedRunJobs1765100000000 } from './1765100000000-feed-run-jobs';
import { Photos1765200000000 } from './1765200000000-photos';
import { SearchDocumentChanges1765300000000 } from './1765300000000-search-document-changes';
import { DealerAccounts1765400000000 } from './1765400000000-dealer-accounts';
import { CarPhotos1765500000000 } from './1765500000000-car-photos';
import { DealerLeadWork1765600000000 } from './1765600000000-dealer-lead-work';
import { DealerReservationsAndFeed1765700000000 } from './1765700000000-dealer-reservations-and-feed';
import { AlertConsents1765800000000 } from './1765800000000-alert-consents';
import { SyndicationFeeds1766000000000 } from './1766000000000-syndication-feeds';
import { StockInsights1766100000000 } from './1766100000000-stock-insights';
import { SyndicationLeftOut1766300000000 } from './1766300000000-syndication-left-out';
import { InsightsEmail1766400000000 } from './1766400000000-insights-email';
import { PhotoSettleDue1766500000000 } from './1766500000000-photo-settle-due';
import { TenantsAsData1766700000000 } from './1766700000000-tenants-as-data';
import { HostChecksQuiet1766800000000 } from './1766800000000-host-checks-quiet';
import { HostVerifiedBy1766900000000 } from './1766900000000-host-verified-by';
import { OpsOperators1767000000000 } from './1767000000000-ops-operators';
import { DealershipRecords1767100000000 } from './1767100000000-dealership-records';
import { HostCertificateAsked1767200000000 } from './1767200000000-host-certificate-asked';
import { AnalyticsEventUserData1767304000000 } from './1767304000000-analytics-event-user-data';
import { PromotionSlides1767304000001 } from './1767304000001-promotion-slides';
import { SiteEditor1767400000000 } from './1767400000000-site-editor';
import { SiteImages1767450000000 } from './1767450000000-site-images';
import { InsightsMarketFigures1767500000000 } from './1767500000000-insights-market-figures';
import { LeadDesk1767600000000 } from './1767600000000-lead-desk';
import { DeskPreferences1767700000000 } from './1767700000000-desk-preferences';
import { LeadCustomers1767800000000 } from './1767800000000-lead-customers';
import { LeadTasks1767900000000 } from './1767900000000-lead-tasks';
import { LeadReplies1768000000000 } from './1768000000000-lead-replies';
import { DeskNoticeProgress1768100000000 } from './1768100000000-desk-notice-progress';
import { SavedLeadViews1768200000000 } from './1768200000000-saved-lead-views';
import { PhotoSpool1766600000000 } from './1766600000000-photo-spool';

/** Every migration in order. Schema changes are checked-in migrations; never synchronize. */
export const MIGRATIONS = [
  Foundation1763700000000,
  StockPipeline1763800000000,
  CarEvents1763900000000,
  Leads1764000000000,
  ShopperAccounts1764000000001,
  LocationReviews1764100000000,
  FeedRunErrorsOmitted1764200000000,
  LeadEmailSendMarker1764400000000,
  SiteConfigVersion1764500000000,
  Reservations1764600000000,
  SearchVersionRevisions1764700000000,
  SavedSearches1764800000000,
  SavedSearchUnstoredMatches1764900000000,
  ReservationRefunds1765000000000,
  FeedRunJobs1765100000000,
  Photos1765200000000,
  SearchDocumentChanges1765300000000,
  DealerAccounts1765400000000,
  CarPhotos1765500000000,
  DealerLeadWork1765600000000,
  DealerReservationsAndFeed1765700000000,
  AlertConsents1765800000000,
  SyndicationFeeds1766000000000,
  StockInsights1766100000000,
  SyndicationLeftOut1766300000000,
  InsightsEmail1766400000000,
  PhotoSettleDue1766500000000,
  PhotoSpool1766600000000,
  TenantsAsData1766700000000,
  HostChecksQuiet1766800000000,
  HostVerifiedBy1766900000000,
  OpsOperators1767000000000,
  DealershipRecords1767100000000,
  HostCertificateAsked1767200000000,
  AnalyticsEventUserData1767304000000,
  PromotionSlides1767304000001,
  SiteEditor1767400000000,
  SiteImages1767450000000,
  InsightsMarketFigures1767500000000,
  LeadDesk1767600000000,
  DeskPreferences1767700000000,
  LeadCustomers1767800000000,
  LeadTasks1767900000000,
  LeadReplies1768000000000,
  DeskNoticeProgress1768100000000,
  SavedLeadViews1768200000000,
];

/** The backfill's SQL form of the customer keys, for the test that it agrees with the domain rule. */
export { LEAD_CUSTOMER_EMAIL_SQL, LEAD_CUSTOMER_PHONE_SQL } from './1767800000000-lead-customers';
