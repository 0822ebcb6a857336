import { CHANNEL_LABELS, CHANNEL_UTM, SYNDICATION_CHANNELS, type SyndicationChannel } from './channels';

/** The lead source of an enquiry that came from no syndication link. */
export const WEBSITE_LEAD_SOURCE = 'Website';

/**
 * The lead source of an enquiry an AI assistant sent through the site's MCP endpoint (issue 55): the
 * dealer console shows it as where the lead came from, and the reports count it as its own source.
 */
export const AI_ASSISTANT_LEAD_SOURCE = 'AI assistant';

/**
 * The channel a shopper arrived from, read off the campaign parameters their visit kept
 * (userData.lead_attributes.linked_query_params): a feed's link names the channel in utm_source
 * and its placement in utm_medium, and both must match, so a dealer's own Google Ads campaign
 * (utm_source=google, another medium) stays a website lead.
 */
export function syndicationChannelOf(
  params: Readonly<Record<string, unknown>> | null | undefined,
): SyndicationChannel | null {
  if (!params || typeof params !== 'object') return null;
  const source = Object.hasOwn(params, 'utm_source') ? params['utm_source'] : undefined;
  const medium = Object.hasOwn(params, 'utm_medium') ? params['utm_medium'] : undefined;
  if (typeof source !== 'string' || typeof medium !== 'string') return null;
  return (
    SYNDICATION_CHANNELS.find(
      (channel) =>
        CHANNEL_UTM[channel].source === source.trim().toLowerCase() &&
        CHANNEL_UTM[channel].medium === medium.trim().toLowerCase(),
    ) ?? null
  );
}

/** The lead's source: the syndication channel it came through, else the website. */
export function leadSourceOf(params: Readonly<Record<string, unknown>> | null | undefined): string {
  const channel = syndicationChannelOf(params);
  return channel ? CHANNEL_LABELS[channel] : WEBSITE_LEAD_SOURCE;
}
