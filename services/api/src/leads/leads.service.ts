import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  HONEYPOT_FIELD,
  LEAD_MESSAGES,
  leadEventId,
  leadFormErrors,
  leadDeliveryChannels,
  leadRouting,
  parseLeadSubmission,
  VALUATION_FORMS,
  type LeadFormKind,
  type LeadSubmission,
  type SiteConfig,
  leadSourceOf,
  AI_ASSISTANT_LEAD_SOURCE,
} from '@platform/domain';
import { onLeadArrival } from '@platform/leads';
import { ProblemException } from '@platform/server-kit';
import { AnalyticsTracker } from '../analytics/analytics-tracker';
import { CarsService } from '../cars/cars.service';
import { SiteDirectory, type SiteContext } from '../sites/site-directory';
import { TradeInValuations, type StoredValuation } from '../valuations/trade-in-valuations';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from './captcha-verifier';
import { formProblem } from './form-problem';
import { LeadTargets, type LeadTarget } from './lead-targets';

export interface SubmitContext {
  idempotencyKey?: string;
  userAgent?: string;
  remoteIp?: string;
  /**
   * Sent by an AI assistant through the site's MCP endpoint (issue 55): the lead's source says so,
   * and no captcha is asked, since an assistant cannot solve one; the per-client limits and the
   * shopper's explicit consent fields stand in for it.
   */
  viaAssistant?: boolean;
}

export interface SubmitResult {
  /** False when an earlier submission with the same Idempotency-Key is answered again. */
  created: boolean;
  lead_id: string;
  valuation?: ValuationAnswer;
  /**
   * With a valuation: whether the lead's dealership has leads.save_valuation on, so the page saves
   * the result against the lead (POST /api/miscellaneous, spec 001 §7 'Valuation save').
   */
  save_valuation?: boolean;
}

type ValuationAnswer = Pick<StoredValuation, 'id' | 'status' | 'low' | 'high' | 'valid_until' | 'reason'>;

/** A submission as stored: its fields, their hash and its idempotency key (hashed, per site). */
interface StoredRequest {
  key: string | null;
  fields: Record<string, unknown>;
  hash: string;
}

interface StoreInput {
  request: StoredRequest;
  target: LeadTarget;
  config: SiteConfig;
  captcha: Awaited<ReturnType<CaptchaVerifier['verify']>> | 'not_offered';
  context: SubmitContext;
}

/** Envelope fields that are about the request, not the lead, and are not stored with it. */
const NOT_STORED = new Set([HONEYPOT_FIELD, 'captcha_token', 'userData', 'form']);

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** JSON with sorted keys, so the same submission always hashes the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Takes a form submission: validates it with the form's shared schema, then stores the lead and its
 * delivery outbox rows in one transaction. Nothing else happens on the request path: the worker's
 * relay queues the deliveries, so a lead is kept even while Redis or the dealer's CRM is down.
 */
@Injectable()
export class LeadsService {
  private readonly logger = new Logger('Leads');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sites: SiteDirectory,
    private readonly targets: LeadTargets,
    private readonly cars: CarsService,
    private readonly valuations: TradeInValuations,
    private readonly tracker: AnalyticsTracker,
    @Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier,
  ) {}

  /**
   * Stores a form submission as a lead and queues its delivery, in named steps: parse, drop a bot's
   * honeypot post, answer a replayed Idempotency-Key, check the captcha, find what the lead is about,
   * store it with its outbox rows in one transaction, then record the analytics event.
   */
  async submit(siteSlug: string, body: unknown, context: SubmitContext): Promise<SubmitResult> {
    const site = await this.sites.bySlug(siteSlug);
    const submission = this.parse(site, body);
    if ((submission as Record<string, unknown>)[HONEYPOT_FIELD]) {
      // Answered like a success so the bot learns nothing; nothing is stored or delivered.
      this.logger.warn({ site: site.slug, form: submission.form }, 'honeypot filled; submission discarded');
      return { created: true, lead_id: randomUUID() };
    }

    const request = this.requestOf(site, submission, context.idempotencyKey);
    const earlier = request.key ? await this.replay(site, request.key, request.hash) : null;
    if (earlier) return earlier;

    const captcha = context.viaAssistant
      ? ('not_offered' as const)
      : await this.checkCaptcha(site, submission, context.remoteIp);
    const target = await this.targets.resolve(site, submission);
    if (submission.form === 'test_drive') await this.checkTestDriveTime(site, target, submission.preferred_time);
    const config = target.dealershipId ? await this.sites.forDealership(target.dealershipId) : site.config;

    const outcome = await this.store(site, submission, { request, target, config, captcha, context });
    if (!outcome) {
      // The same key committed first (a double click): answer what it made.
      const replay = request.key ? await this.replay(site, request.key, request.hash) : null;
      if (!replay) throw new Error('Lead insert conflicted without an idempotency key');
      return replay;
    }

    this.logger.log({ leadId: outcome.leadId, site: site.slug, form: submission.form }, 'lead stored');
    this.trackLead(site, submission, target, context);
    return {
      created: true,
      lead_id: outcome.leadId,
      ...(outcome.valuation
        ? { valuation: valuationAnswer(outcome.valuation), save_valuation: config.leads.save_valuation }
        : {}),
    };
  }

  /** The submission by its form's schema and the site's form settings, or a 400 naming each field. */
  private parse(site: SiteContext, body: unknown): LeadSubmission {
    const parsed = parseLeadSubmission(body, {
      messageRequired: site.config.forms.message_required,
      dealershipRequired: site.scope.dealershipIds.length > 1,
    });
    if (!parsed.success) {
      const { fields } = leadFormErrors(parsed.error);
      throw formProblem(Object.entries(fields).map(([path, message]) => ({ path, message })));
    }
    return parsed.data;
  }

  /** What is stored of a submission, its hash and its idempotency key (hashed, scoped to the site). */
  private requestOf(site: SiteContext, submission: LeadSubmission, idempotencyKey: string | undefined): StoredRequest {
    const fields = Object.fromEntries(Object.entries(submission).filter(([name]) => !NOT_STORED.has(name)));
    return {
      key: idempotencyKey ? sha256(`${site.id}:${idempotencyKey}`) : null,
      fields,
      hash: sha256(canonical({ form: submission.form, ...fields })),
    };
  }

  private async checkCaptcha(site: SiteContext, submission: LeadSubmission, remoteIp: string | undefined) {
    const captcha = await this.captcha.verify(site.config.forms.captcha_provider, submission.captcha_token, remoteIp);
    if (captcha === 'refused') throw formProblem([{ path: 'captcha_token', message: 'Please complete the captcha.' }]);
    return captcha;
  }

  /**
   * The lead, its valuation (a trade-in) and one outbox row per delivery channel, in one
   * transaction; null when the same idempotency key committed first.
   */
  private async store(
    site: SiteContext,
    submission: LeadSubmission,
    { request, target, config, captcha, context }: StoreInput,
  ): Promise<{ leadId: string; valuation: StoredValuation | null } | null> {
    const { category, subcategory } = leadRouting(submission);
    return this.db.transaction(async (manager) => {
      let fields = { ...request.fields, ...target.vehicleFields };
      let valuation: StoredValuation | null = null;
      let origin: LeadTarget = target;
      if (submission.form === 'trade_in') {
        valuation = await this.valuations.value(manager, site.id, config, submission);
      } else if (submission.form === 'offer_accepted') {
        const accepted = await this.acceptedLead(manager, site.id, submission.lead_id);
        fields = { ...accepted.contact, ...fields };
        origin = accepted.target;
      }
      const userData = {
        url: submission.userData?.url ?? null,
        // An enquiry that arrived through a syndication feed's link names that channel (issue 42).
        source: sourceOf(submission, context),
        user_agent: context.userAgent?.slice(0, 500) ?? null,
        car_id: origin.car?.id ?? null,
        car_dealership_id: origin.car ? origin.dealershipId : null,
        lead_attributes: submission.userData?.lead_attributes ?? { visited_pages: [], linked_query_params: {} },
        captcha,
      };
      const [inserted] = (await manager.query(
        `INSERT INTO leads (site_id, dealership_id, location_id, car_id, form, category, subcategory, fields, user_data, valuation_id, idempotency_key, request_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (site_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING id`,
        [
          site.id,
          origin.dealershipId,
          origin.locationId,
          origin.car?.id ?? null,
          submission.form,
          category,
          subcategory,
          JSON.stringify(fields),
          JSON.stringify(userData),
          valuation?.id ?? (submission.form === 'offer_accepted' ? origin.valuationId : null),
          request.key,
          request.hash,
        ],
      )) as { id: string }[];
      if (!inserted) return null;
      const channels = leadDeliveryChannels(config.leads.notify_emails);
      await manager.query(`INSERT INTO lead_outbox (lead_id, channel) SELECT $1, unnest($2::text[])`, [
        inserted.id,
        channels,
      ]);
      await onLeadArrival(manager, inserted.id, config.leads);
      return { leadId: inserted.id, valuation };
    });
  }

  /**
   * The analytics event of a stored lead, with the lead's user data (spec 001 §7); never holds up
   * or fails the answer.
   */
  private trackLead(site: SiteContext, submission: LeadSubmission, target: LeadTarget, context: SubmitContext): void {
    const { subcategory } = leadRouting(submission);
    void this.tracker.track({
      siteId: site.id,
      eventId: leadEventId({
        form: submission.form,
        subcategory,
        carType: target.car?.car_type,
        carTag: target.car?.tag,
      }),
      carId: target.car?.id ?? null,
      url: submission.userData?.url ?? null,
      userAgent: context.userAgent,
      source: sourceOf(submission, context),
      carDealershipId: target.car ? target.dealershipId : null,
      leadAttributes: submission.userData?.lead_attributes ?? null,
    });
  }

  /** The lead an Idempotency-Key already made, or null; the same key with another submission is refused. */
  private async replay(site: SiteContext, key: string, requestHash: string): Promise<SubmitResult | null> {
    const [row] = (await this.db.query(
      `SELECT l.id, l.request_hash, l.form, l.dealership_id, v.id AS valuation_id, v.status, v.low, v.high, v.valid_until, v.reason
       FROM leads l LEFT JOIN valuations v ON v.id = l.valuation_id WHERE l.site_id = $1 AND l.idempotency_key = $2`,
      [site.id, key],
    )) as {
      id: string;
      request_hash: string;
      form: string;
      dealership_id: number | null;
      valuation_id: string | null;
      status: 'estimate' | 'no_estimate';
      low: number | null;
      high: number | null;
      valid_until: Date;
      reason: string | null;
    }[];
    if (!row) return null;
    if (row.request_hash !== requestHash) {
      throw new ProblemException({
        status: 422,
        title: 'Idempotency-Key reused',
        detail:
          'This Idempotency-Key was already used for a different submission. Send a new key with each new form submission.',
      });
    }
    const valuation = row.valuation_id
      ? {
          id: row.valuation_id,
          status: row.status,
          low: row.low,
          high: row.high,
          valid_until: new Date(row.valid_until).toISOString(),
          reason: row.reason,
        }
      : undefined;
    if (!valuation || row.form !== 'trade_in')
      return { created: false, lead_id: row.id, ...(valuation ? { valuation } : {}) };
    const config = row.dealership_id ? await this.sites.forDealership(row.dealership_id) : site.config;
    return { created: false, lead_id: row.id, valuation, save_valuation: config.leads.save_valuation };
  }

  private async checkTestDriveTime(site: SiteContext, target: LeadTarget, preferredTime: string): Promise<void> {
    const fail = (message: string) => formProblem([{ path: 'preferred_time', message }]);
    if (!target.car) throw fail('Please choose a vehicle.');
    let days;
    try {
      ({ days } = await this.cars.testDriveSlots(site.slug, target.car.slug));
    } catch {
      throw fail('Test drives cannot be booked online for this vehicle. Please use the enquiry form instead.');
    }
    const wanted = new Date(preferredTime).getTime();
    const offered = days.some((day) => day.slots.some((slot) => new Date(slot.start).getTime() === wanted));
    if (!offered) throw fail('That time is not available. Please choose one of the times shown.');
  }

  /** The lead an offer acceptance refers to, on this site: its contact details and where it went. */
  private async acceptedLead(
    manager: EntityManager,
    siteId: number,
    leadId: string,
  ): Promise<{ contact: Record<string, unknown>; target: LeadTarget }> {
    const [row] = (await manager.query(
      `SELECT l.fields, l.dealership_id, l.location_id, l.valuation_id, c.id AS car_id, c.slug AS car_slug, c.car_type, c.tag
       FROM leads l LEFT JOIN cars c ON c.id = l.car_id WHERE l.id = $1 AND l.site_id = $2`,
      [leadId, siteId],
    )) as {
      fields: Record<string, unknown>;
      dealership_id: number | null;
      location_id: number | null;
      valuation_id: string | null;
      car_id: number | null;
      car_slug: string;
      car_type: string;
      tag: string | null;
    }[];
    if (!row) throw formProblem([{ path: 'lead_id', message: LEAD_MESSAGES.lead_id }]);
    const contact = Object.fromEntries(
      ['name', 'last_name', 'email', 'phone', 'postcode']
        .filter((k) => row.fields[k] !== undefined)
        .map((k) => [k, row.fields[k]]),
    );
    return {
      contact,
      target: {
        dealershipId: row.dealership_id,
        locationId: row.location_id,
        car: row.car_id ? { id: row.car_id, slug: row.car_slug, car_type: row.car_type, tag: row.tag } : null,
        vehicleFields: {},
        valuationId: row.valuation_id,
      },
    };
  }

  /**
   * POST /api/sites/{site}/miscellaneous: saves a value against a lead under column_name (only
   * 'valuation', on dealerships whose leads.save_valuation is on). Holding a lead id is not enough
   * to write: the lead must be of this site and of a form that offers a valuation, and the value is
   * written only while unset, so a saved valuation can never be replaced by anyone.
   */
  async saveMiscellaneous(
    siteSlug: string,
    leadId: string,
    columnName: 'valuation',
    value: Record<string, unknown>,
  ): Promise<void> {
    const site = await this.sites.bySlug(siteSlug);
    const [lead] = (await this.db.query(`SELECT id, form, dealership_id FROM leads WHERE id = $1 AND site_id = $2`, [
      leadId,
      site.id,
    ])) as { id: string; form: string; dealership_id: number | null }[];
    // Another site's lead is answered like no lead, so the endpoint tells no one where a lead id belongs.
    if (!lead)
      throw new ProblemException({
        status: 404,
        title: 'Lead not found',
        detail: `This site has no lead with the id '${leadId}'.`,
        success: false,
        message: 'Lead not found',
      });
    if (!VALUATION_FORMS.has(lead.form as LeadFormKind)) {
      const message = `lead_id must be the lead of a trade-in valuation form (${[...VALUATION_FORMS].join(', ')}): this lead's form offers no valuation.`;
      throw new ProblemException({
        status: 400,
        title: 'Not a valuation lead',
        detail: message,
        errors: [{ path: 'lead_id', message }],
        success: false,
        message,
      });
    }
    const config: SiteConfig = lead.dealership_id ? await this.sites.forDealership(lead.dealership_id) : site.config;
    if (!config.leads.save_valuation) {
      const message = 'Saving valuations is not enabled for this dealership.';
      throw new ProblemException({ status: 403, title: 'Not enabled', detail: message, success: false, message });
    }
    // Written only while unset, in the one statement, so two racing saves cannot both win.
    const [{ saved }] = (await this.db.query(
      `WITH saved AS (
         UPDATE leads SET miscellaneous = miscellaneous || jsonb_build_object($2::text, $3::jsonb)
         WHERE id = $1 AND NOT miscellaneous ? $2 RETURNING id
       ) SELECT count(*)::int AS saved FROM saved`,
      [leadId, columnName, JSON.stringify(value)],
    )) as [{ saved: number }];
    if (saved === 0) {
      const message =
        "This lead's valuation is already saved and cannot be changed. Value the vehicle again for a new lead.";
      throw new ProblemException({
        status: 409,
        title: 'Valuation already saved',
        detail: message,
        success: false,
        message,
      });
    }
    this.logger.log({ leadId, column: columnName }, 'lead value saved');
  }
}

/** Where a lead came from: an AI assistant, else the syndication channel of its link, else the website. */
function sourceOf(submission: LeadSubmission, context: SubmitContext): string {
  return context.viaAssistant
    ? AI_ASSISTANT_LEAD_SOURCE
    : leadSourceOf(submission.userData?.lead_attributes?.linked_query_params);
}

function valuationAnswer(valuation: StoredValuation): ValuationAnswer {
  return {
    id: valuation.id,
    status: valuation.status,
    low: valuation.low,
    high: valuation.high,
    valid_until: valuation.valid_until,
    reason: valuation.reason,
  };
}
