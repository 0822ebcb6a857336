import { AnalyticsEventEntity } from './analytics-event.entity';
import { CarChangeEntity } from './car-change.entity';
import { SyndicationFeedEntity } from './syndication-feed.entity';
import { SyndicationFeedChunkEntity } from './syndication-feed-chunk.entity';
import { SyndicationFeedLeftOutEntity } from './syndication-feed-left-out.entity';
import { CrmDeliveryEntity } from './crm-delivery.entity';
import { LeadOutboxEntity } from './lead-outbox.entity';
import { LeadEntity } from './lead.entity';
import { LeadTaskEntity } from './lead-task.entity';
import { OutboundEmailEntity } from './outbound-email.entity';
import { ValuationEntity } from './valuation.entity';
import { CarEventDayEntity } from './car-event-day.entity';
import { CarDailyFactEntity } from './car-daily-fact.entity';
import { CarInsightEntity } from './car-insight.entity';
import { DealerInsightsEmailEntity, DealerInsightsEmailOptOutEntity } from './dealer-insights-email.entity';
import { CarEntity } from './car.entity';
import { DealershipWebsiteEntity } from './dealership-website.entity';
import { DealershipEntity } from './dealership.entity';
import { FeedKeyEntity } from './feed-key.entity';
import { FeedPayloadEntity } from './feed-payload.entity';
import { FeedRunEntity } from './feed-run.entity';
import { LocationHoursEntity } from './location-hours.entity';
import { LocationReviewEntity } from './location-review.entity';
import { LocationSpecialHoursEntity } from './location-special-hours.entity';
import { LocationEntity } from './location.entity';
import { ManufacturerEntity } from './manufacturer.entity';
import { SearchDocumentEntity } from './search-document.entity';
import { SearchIndexVersionEntity } from './search-index-version.entity';
import { SiteHostEntity } from './site-host.entity';
import { OpsAuditEntity } from './ops-audit.entity';
import { SiteTemplateEntity } from './site-template.entity';
import { SiteEntity } from './site.entity';
import { ShopperEntity } from './shopper.entity';
import { ShopperSessionEntity } from './shopper-session.entity';
import { SignInCodeEntity } from './sign-in-code.entity';
import { SmsMessageEntity } from './sms-message.entity';
import { WatchlistItemEntity } from './watchlist-item.entity';
import { ReservationEntity } from './reservation.entity';
import { ReservationNoticeEntity } from './reservation-notice.entity';
import { OnlinePaymentEntity } from './online-payment.entity';
import { PaymentEventEntity } from './payment-event.entity';
import { LocalPaymentEntity } from './local-payment.entity';
import { LocalRefundEntity } from './local-refund.entity';
import { SavedSearchEntity } from './saved-search.entity';
import { SavedSearchUnstoredMatchEntity } from './saved-search-unstored-match.entity';
import { AlertCarChangeEntity } from './alert-car-change.entity';
import { AlertCarStateEntity } from './alert-car-state.entity';
import { ShopperAlertEntity } from './shopper-alert.entity';
import { AlertMessageEntity } from './alert-message.entity';
import { AlertConsentEntity } from './alert-consent.entity';
import { PhotoEntity } from './photo.entity';
import { CarPhotoEntity } from './car-photo.entity';
import { PhotoSpoolEntity } from './photo-spool.entity';
import { PhotoFetchEntity } from './photo-fetch.entity';
import { LeadNoteEntity } from './lead-note.entity';

export type { FeedRowError, FeedRunCounts, FeedRunStatus } from './feed-run.entity';
export { FEED_RUN_STATUSES, FINISHED_FEED_RUN_STATUSES } from './feed-run.entity';
export type { PhotoStatus } from './photo.entity';
export type { ReservationNoticeKind } from './reservation-notice.entity';
export { RESERVATION_NOTICE_KINDS } from './reservation-notice.entity';
export { PHOTO_STATUSES } from './photo.entity';

export {
  AnalyticsEventEntity,
  CrmDeliveryEntity,
  LeadEntity,
  LeadOutboxEntity,
  LeadTaskEntity,
  OutboundEmailEntity,
  ValuationEntity,
  CarChangeEntity,
  CarEventDayEntity,
  CarDailyFactEntity,
  CarInsightEntity,
  DealerInsightsEmailEntity,
  DealerInsightsEmailOptOutEntity,
  CarEntity,
  DealershipEntity,
  DealershipWebsiteEntity,
  FeedKeyEntity,
  FeedPayloadEntity,
  FeedRunEntity,
  LocationEntity,
  LocationHoursEntity,
  LocationReviewEntity,
  LocationSpecialHoursEntity,
  ManufacturerEntity,
  SearchDocumentEntity,
  SearchIndexVersionEntity,
  SiteEntity,
  SiteHostEntity,
  OpsAuditEntity,
  SiteTemplateEntity,
  ShopperEntity,
  ShopperSessionEntity,
  SignInCodeEntity,
  SmsMessageEntity,
  WatchlistItemEntity,
  ReservationEntity,
  ReservationNoticeEntity,
  OnlinePaymentEntity,
  PaymentEventEntity,
  LocalPaymentEntity,
  LocalRefundEntity,
  SavedSearchEntity,
  SavedSearchUnstoredMatchEntity,
  AlertCarChangeEntity,
  AlertCarStateEntity,
  ShopperAlertEntity,
  AlertMessageEntity,
  AlertConsentEntity,
  PhotoEntity,
  CarPhotoEntity,
  PhotoFetchEntity,
  PhotoSpoolEntity,
  LeadNoteEntity,
  SyndicationFeedEntity,
  SyndicationFeedChunkEntity,
  SyndicationFeedLeftOutEntity,
};

export const ENTITIES = [
  SiteTemplateEntity,
  SiteEntity,
  SiteHostEntity,
  OpsAuditEntity,
  ManufacturerEntity,
  DealershipEntity,
  DealershipWebsiteEntity,
  LocationEntity,
  LocationHoursEntity,
  LocationSpecialHoursEntity,
  LocationReviewEntity,
  CarEntity,
  CarChangeEntity,
  CarEventDayEntity,
  CarDailyFactEntity,
  CarInsightEntity,
  DealerInsightsEmailEntity,
  DealerInsightsEmailOptOutEntity,
  FeedKeyEntity,
  FeedRunEntity,
  FeedPayloadEntity,
  SearchIndexVersionEntity,
  SearchDocumentEntity,
  ValuationEntity,
  LeadEntity,
  LeadOutboxEntity,
  LeadTaskEntity,
  CrmDeliveryEntity,
  OutboundEmailEntity,
  AnalyticsEventEntity,
  ShopperEntity,
  SignInCodeEntity,
  ShopperSessionEntity,
  WatchlistItemEntity,
  SmsMessageEntity,
  ReservationEntity,
  ReservationNoticeEntity,
  OnlinePaymentEntity,
  PaymentEventEntity,
  LocalPaymentEntity,
  LocalRefundEntity,
  SavedSearchEntity,
  SavedSearchUnstoredMatchEntity,
  AlertCarChangeEntity,
  AlertCarStateEntity,
  ShopperAlertEntity,
  AlertMessageEntity,
  AlertConsentEntity,
  PhotoEntity,
  CarPhotoEntity,
  PhotoFetchEntity,
  PhotoSpoolEntity,
  LeadNoteEntity,
  SyndicationFeedEntity,
  SyndicationFeedChunkEntity,
  SyndicationFeedLeftOutEntity,
];
