import type { SiteConfig } from '../site-config/site-config.schema';
import type { SyndicationChannel } from './channels';

/** Whether a dealership's merged configuration publishes this channel. */
export const channelEnabled = (config: Pick<SiteConfig, 'syndication'>, channel: SyndicationChannel): boolean =>
  channel === 'google' ? config.syndication.google_enabled : config.syndication.meta_enabled;
