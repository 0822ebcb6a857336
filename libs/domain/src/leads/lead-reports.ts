import { openTimeCounter, type BusinessHours } from '../hours/business-clock';
import { CHANNEL_LABELS } from '../syndication/channels';
import { syndicationChannelOf, WEBSITE_LEAD_SOURCE } from '../syndication/attribution';
import { leadFormLabel } from './lead-form-labels';
import { CAMPAIGN_QUERY_PARAMS, campaignParamsOf } from './visit-trail';

/**
 * The console's lead reports (issue 53, item 8): where leads came from, on which form, whose they
 * are, how fast they were answered in opening hours and how many were won. Pure, so the api's
 * figures and the property tests run the same rule.
 */

/** One lead as the report reads it. user_data is the stored jsonb as it is (older rows hold less). */
export interface ReportLead {
  form: string;
  status: string;
  createdAt: Date;
  firstResponseAt: Date | null;
  assignedUserId: string | null;
  /** The assignee's name; null when unassigned. */
  assignedName: string | null;
  userData: unknown;
  /** The sales hours of the lead's dealership: response time counts open time only. */
  clock: BusinessHours;
}

export type LeadSourceKind = 'listing' | 'paid' | 'campaign' | 'recorded' | 'direct';

export interface LeadSource {
  /** Stable grouping key ('paid:google-ads', 'utm:newsletter/email', 'direct'). */
  key: string;
  label: string;
  kind: LeadSourceKind;
}

/**
 * The ad networks' click ids, in the order they are trusted when a visit carries several. Auto-
 * tagging adds them to every ad click, so they say "paid" even when the dealer's campaign has no
 * UTM tags. fbclid is added to organic Facebook and Instagram links too, so it reads "Meta", not
 * "Meta ads".
 */
export const CLICK_ID_SOURCES: readonly { param: string; key: string; label: string }[] = [
  { param: 'gclid', key: 'paid:google-ads', label: 'Google Ads' },
  { param: 'gbraid', key: 'paid:google-ads', label: 'Google Ads' },
  { param: 'wbraid', key: 'paid:google-ads', label: 'Google Ads' },
  { param: 'dclid', key: 'paid:google-ads', label: 'Google Ads' },
  { param: 'fbclid', key: 'paid:meta', label: 'Meta (Facebook, Instagram)' },
  { param: 'msclkid', key: 'paid:microsoft-ads', label: 'Microsoft Ads' },
  { param: 'ttclid', key: 'paid:tiktok', label: 'TikTok' },
  { param: 'li_fat_id', key: 'paid:linkedin', label: 'LinkedIn' },
];

export const DIRECT_SOURCE: LeadSource = { key: 'direct', label: 'Website (direct or unknown)', kind: 'direct' };
/** Sources past the largest few are summed into one bar, so a chart stays readable. */
export const REPORT_MAX_SOURCES = 12;
export const OTHER_SOURCES_KEY = 'other';
const TAG_MAX_LENGTH = 60;
const MINUTE = 60_000;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
const tag = (value: string): string =>
  value.replace(CONTROL_CHARACTERS, '').trim().toLowerCase().slice(0, TAG_MAX_LENGTH);

const own = (record: unknown, key: string): unknown =>
  record && typeof record === 'object' && !Array.isArray(record) && Object.hasOwn(record, key)
    ? (record as Record<string, unknown>)[key]
    : undefined;

/**
 * The campaign parameters of a lead: those its visit arrived with (lead_attributes), then any the
 * stored page address still carries that the visit did not (a form sent from a tagged landing page).
 */
function campaignParams(userData: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  const linked = own(own(userData, 'lead_attributes'), 'linked_query_params');
  if (linked && typeof linked === 'object' && !Array.isArray(linked)) {
    for (const [name, value] of Object.entries(linked)) {
      const key = name.toLowerCase();
      if (CAMPAIGN.has(key) && typeof value === 'string' && value.trim()) params[key] = value;
    }
  }
  const url = own(userData, 'url');
  if (typeof url === 'string' && url.includes('?')) {
    const search = url.slice(url.indexOf('?')).split('#')[0]!;
    for (const [name, value] of Object.entries(campaignParamsOf(search))) {
      if (!Object.hasOwn(params, name)) params[name] = value;
    }
  }
  return params;
}

const CAMPAIGN = new Set(CAMPAIGN_QUERY_PARAMS);
const LISTING_LABELS = new Set<string>(Object.values(CHANNEL_LABELS));

/**
 * Where a lead came from, first rule that applies:
 * 1. a syndication listing (the source stored when the lead arrived, or the feed link's utm tags);
 * 2. an ad network's click id (gclid -> Google Ads, fbclid -> Meta, ...);
 * 3. utm_source, with utm_medium when there is one ("newsletter / email");
 * 4. any other source the lead stored (an import, the demo data);
 * 5. else the website, directly or from somewhere that left no trace (no referrer is stored).
 */
export function leadSource(userData: unknown): LeadSource {
  const params = campaignParams(userData);
  const stored = own(userData, 'source');
  const storedSource = typeof stored === 'string' ? stored.replace(CONTROL_CHARACTERS, '').trim().slice(0, 100) : '';
  const channel = syndicationChannelOf(params);
  if (LISTING_LABELS.has(storedSource) || channel) {
    const label = channel ? CHANNEL_LABELS[channel] : storedSource;
    return { key: `listing:${label.toLowerCase()}`, label, kind: 'listing' };
  }
  const click = CLICK_ID_SOURCES.find((source) => Object.hasOwn(params, source.param));
  if (click) return { key: click.key, label: click.label, kind: 'paid' };
  const utmSource = params['utm_source'] ? tag(params['utm_source']) : '';
  if (utmSource) {
    const medium = params['utm_medium'] ? tag(params['utm_medium']) : '';
    return {
      key: `utm:${utmSource}/${medium}`,
      label: medium ? `${utmSource} / ${medium}` : utmSource,
      kind: 'campaign',
    };
  }
  if (storedSource && storedSource !== WEBSITE_LEAD_SOURCE) {
    return { key: `recorded:${storedSource.toLowerCase()}`, label: storedSource, kind: 'recorded' };
  }
  return DIRECT_SOURCE;
}

/**
 * The p-th percentile by nearest rank: always one of the values (so within min..max), and for
 * p50 of an even count the lower middle one, a time some lead really took.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** Won out of all, as a percentage with one decimal; null when there are no leads. */
export function conversionPercent(won: number, leads: number): number | null {
  return leads > 0 ? Math.round((won / leads) * 1000) / 10 : null;
}

export interface ReportRow {
  key: string;
  label: string;
  leads: number;
  won: number;
  conversionPercent: number | null;
}

export interface SalespersonRow extends ReportRow {
  /** The dealer user's id; null for the unassigned leads. */
  userId: string | null;
  /** Leads a person has answered (status change, call, reply or reservation action). */
  responded: number;
  /** Minutes of open time to the first response, over the answered leads. */
  p50Minutes: number | null;
  p90Minutes: number | null;
}

export interface LeadReport {
  total: number;
  won: number;
  conversionPercent: number | null;
  responded: number;
  p50Minutes: number | null;
  p90Minutes: number | null;
  bySource: (ReportRow & { kind: LeadSourceKind | 'other' })[];
  byForm: ReportRow[];
  bySalesperson: SalespersonRow[];
}

const UNASSIGNED = 'Unassigned';

interface Tally {
  key: string;
  label: string;
  leads: number;
  won: number;
}

function tallyInto<T extends Tally>(map: Map<string, T>, key: string, make: () => T, won: boolean): T {
  let row = map.get(key);
  if (!row) {
    row = make();
    map.set(key, row);
  }
  row.leads += 1;
  if (won) row.won += 1;
  return row;
}

const byLeadsThenLabel = (a: Tally, b: Tally) => b.leads - a.leads || a.label.localeCompare(b.label, 'en-AU');
const row = <T extends Tally>(t: T) => ({ ...t, conversionPercent: conversionPercent(t.won, t.leads) });

/**
 * The report over `leads` (the caller chose the dealerships and the dates). Conversion is won out of
 * every lead, open ones included. A salesperson's row is the leads assigned to them, answered by
 * whoever answered first; a lead answered before it arrived (a clock skew) counts 0 minutes.
 */
export function leadReport(leads: readonly ReportLead[], options: { maxSources?: number } = {}): LeadReport {
  const maxSources = Math.max(1, options.maxSources ?? REPORT_MAX_SOURCES);
  const sources = new Map<string, Tally & { kind: LeadSourceKind }>();
  const forms = new Map<string, Tally>();
  const people = new Map<string, Tally & { userId: string | null; minutes: number[] }>();
  const allMinutes: number[] = [];
  // responseMinutes, with each dealership's days worked out once for the whole report.
  const counters = new Map<BusinessHours, (from: Date, to: Date) => number>();
  const openMinutes = (from: Date, to: Date, clock: BusinessHours): number => {
    let counter = counters.get(clock);
    if (!counter) {
      counter = openTimeCounter(clock);
      counters.set(clock, counter);
    }
    return Math.round(counter(from, to) / MINUTE);
  };
  let won = 0;
  for (const lead of leads) {
    const isWon = lead.status === 'won';
    if (isWon) won += 1;
    const source = leadSource(lead.userData);
    tallyInto(sources, source.key, () => ({ ...source, leads: 0, won: 0 }), isWon);
    tallyInto(forms, lead.form, () => ({ key: lead.form, label: leadFormLabel(lead.form), leads: 0, won: 0 }), isWon);
    const personKey = lead.assignedUserId ?? '';
    const person = tallyInto(
      people,
      personKey,
      () => ({
        key: personKey || 'unassigned',
        label: lead.assignedUserId ? (lead.assignedName ?? 'Former user') : UNASSIGNED,
        userId: lead.assignedUserId,
        leads: 0,
        won: 0,
        minutes: [],
      }),
      isWon,
    );
    if (lead.firstResponseAt) {
      const minutes =
        lead.firstResponseAt > lead.createdAt ? openMinutes(lead.createdAt, lead.firstResponseAt, lead.clock) : 0;
      person.minutes.push(minutes);
      allMinutes.push(minutes);
    }
  }

  const sortedSources = [...sources.values()].sort(byLeadsThenLabel);
  // maxSources bars in all: the largest ones, and one for the rest when there are more.
  const kept = sortedSources.length > maxSources ? sortedSources.slice(0, maxSources - 1) : sortedSources;
  const rest = sortedSources.slice(kept.length);
  const bySource: LeadReport['bySource'] = kept.map(row);
  if (rest.length > 0) {
    const other = { key: OTHER_SOURCES_KEY, label: `Other sources (${rest.length})`, leads: 0, won: 0 };
    for (const r of rest) {
      other.leads += r.leads;
      other.won += r.won;
    }
    bySource.push({ ...row(other), kind: 'other' });
  }

  const bySalesperson = [...people.values()]
    // The unassigned leads last: they are nobody's figures.
    .sort((a, b) => Number(a.userId === null) - Number(b.userId === null) || byLeadsThenLabel(a, b))
    .map(({ minutes, ...person }) => ({
      ...row(person),
      responded: minutes.length,
      p50Minutes: percentile(minutes, 50),
      p90Minutes: percentile(minutes, 90),
    }));

  return {
    total: leads.length,
    won,
    conversionPercent: conversionPercent(won, leads.length),
    responded: allMinutes.length,
    p50Minutes: percentile(allMinutes, 50),
    p90Minutes: percentile(allMinutes, 90),
    bySource,
    byForm: [...forms.values()].sort(byLeadsThenLabel).map(row),
    bySalesperson,
  };
}
