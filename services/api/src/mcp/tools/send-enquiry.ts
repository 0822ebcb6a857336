import { z } from 'zod';
import { DEFAULT_IPV6_SUBNET_PREFIX, normalizeIp } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import { GENERAL_CATEGORY } from '@platform/domain';
import { ProblemException } from '@platform/server-kit';
import { IDEMPOTENCY_KEY_PATTERN, type LeadsService } from '../../leads/leads.service';
import { THROTTLES, type ClientLimits } from '../../throttling/throttling.module';
import type { McpCarLookup } from '../car-lookup';
import { DealerSchema } from '../dealer-schema';
import { carReference, plainText } from '../inputs';
import type { McpSite } from '../mcp-site';
import { answer, DEALER_TEXT_IS_DATA, ToolRefusal } from '../tool-result';

/**
 * The form's own route (LeadsController.submit) and the throttler's own client address (an IPv6
 * address grouped by its /64, as the guard does): an assistant's enquiries and the same client's
 * form posts are one count, so neither door doubles the limit.
 */
const ENQUIRY_ROUTE = 'LeadsController.submit';

export const SendEnquiryInput = z.strictObject({
  idempotency_key: z
    .string({ error: 'idempotency_key must be text' })
    .regex(
      IDEMPOTENCY_KEY_PATTERN,
      'idempotency_key must be 1 to 200 visible ASCII characters, such as a UUID made once per enquiry',
    )
    .describe('Made once per enquiry (a UUID): sending again with the same key sends nothing new.'),
  name: plainText('name', 100).describe("The shopper's name."),
  email: plainText('email', 254).describe("The shopper's email address."),
  phone: plainText('phone', 30).optional().describe("The shopper's Australian phone number."),
  message: plainText('message', 5000).describe("The shopper's question or request, in their words."),
  car: carReference().optional().describe('The car the enquiry is about (its reference or stock number), if any.'),
  location: plainText('location', 200)
    .optional()
    .describe(
      "For an enquiry about no car: the location's reference from list_locations (the main one when left out).",
    ),
  terms_accepted: z.literal(true, {
    error: "terms_accepted must be true: the shopper accepts the dealer's terms and privacy policy, shown on its site",
  }),
  contact_consent: z.literal(true, {
    error: 'contact_consent must be true: the shopper agrees that the dealer contacts them about this enquiry',
  }),
  sms_ok: z.boolean({ error: 'sms_ok must be true or false' }).optional().describe('The shopper agrees to be texted.'),
});

const SendEnquiryOutput = z.object({
  dealer: DealerSchema,
  /** The enquiry's reference: the same for every send with the same idempotency_key. */
  enquiry_id: z.string(),
  /** True when this idempotency_key had already sent the enquiry, so nothing new was sent. */
  repeated: z.boolean(),
  message: z.string(),
  page: z.string(),
});

export const SEND_ENQUIRY = {
  name: 'send_enquiry',
  config: {
    title: 'Send an enquiry to the dealer',
    description: [
      "Sends the shopper's enquiry to this dealer, by the rules of the site's own enquiry form: name, email and message; about one of its cars or to a location.",
      "Only with the shopper's explicit consent: terms_accepted and contact_consent must be true because the shopper said so, never assumed.",
      'Make one idempotency_key per enquiry and reuse it on a retry, so the dealer gets it once. Limited per client like the form.',
      DEALER_TEXT_IS_DATA,
    ].join(' '),
    inputSchema: SendEnquiryInput,
    outputSchema: SendEnquiryOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
};

/** The MCP field a form field's error is about, so every refusal names what the assistant sent. */
export function enquiryFieldOf(path: string): string {
  if (/^(car_id|stock_number|Vehicle |car_type|vehicle_status|manufacturer_slug)/.test(path)) return 'car';
  if (path === 'terms_conditions') return 'terms_accepted';
  if (path === 'opt_in') return 'contact_consent';
  if (['location', 'location_id', 'dealership_slug'].includes(path)) return 'location';
  return path;
}

export interface EnquiryClient {
  ip: string;
  userAgent: string | undefined;
}

export async function sendEnquiry(
  site: McpSite,
  input: z.infer<typeof SendEnquiryInput>,
  client: EnquiryClient,
  deps: {
    lookup: McpCarLookup;
    leads: LeadsService;
    limits: ClientLimits;
    db: DataSource;
    leadLimitPerMinute: number;
  },
) {
  const counted = await deps.limits.count(
    THROTTLES.leadSubmit,
    ENQUIRY_ROUTE,
    normalizeIp(client.ip, DEFAULT_IPV6_SUBNET_PREFIX),
    deps.leadLimitPerMinute,
  );
  if (!counted.allowed)
    throw new ProblemException({
      status: 429,
      title: 'Too Many Requests',
      detail: `Too many enquiries from this client. Please wait ${counted.retryAfterSeconds} seconds and try again.`,
    });
  const about = input.car !== undefined ? await deps.lookup.find(site, input.car) : null;
  const place = about ? null : await locationFor(site, input.location, deps.db);
  const page = about ? site.page(`/cars/${about.car.slug}`) : site.page('/contact');
  const body = {
    form: about ? 'vehicle' : 'general',
    name: input.name,
    email: input.email,
    ...(input.phone ? { phone: input.phone } : {}),
    message: input.message,
    terms_conditions: input.terms_accepted,
    opt_in: input.contact_consent,
    ...(input.sms_ok !== undefined ? { sms_ok: input.sms_ok } : {}),
    ...(about ? { car_id: about.car.id, stock_number: about.car.stocknum } : {}),
    ...(place ? { category: GENERAL_CATEGORY, location: place.slug, dealership_slug: place.dealershipSlug } : {}),
    userData: { url: page },
  };
  let result;
  try {
    result = await deps.leads.submit(site.site.slug, body, {
      idempotencyKey: input.idempotency_key,
      userAgent: client.userAgent,
      remoteIp: client.ip,
      viaAssistant: true,
    });
  } catch (error) {
    if (error instanceof ProblemException && error.getStatus() === 422)
      throw new ToolRefusal(
        'idempotency_key',
        'This idempotency_key already sent a different enquiry. Make a new key for each new enquiry.',
      );
    throw error;
  }
  return answer({
    dealer: site.dealer,
    enquiry_id: result.lead_id,
    repeated: !result.created,
    message: result.created
      ? `Sent to ${site.dealer.name}. The dealer will reply by email or phone.`
      : `Already sent to ${site.dealer.name} with this idempotency_key: nothing new was sent.`,
    page,
  });
}

/** The location an enquiry about no car goes to: the one named, else the site's main location. */
async function locationFor(
  site: McpSite,
  reference: string | undefined,
  db: DataSource,
): Promise<{ slug: string; dealershipSlug: string } | null> {
  const [row] = (await db.query(
    `SELECT l.slug, d.slug AS dealership_slug FROM locations l JOIN dealerships d ON d.id = l.dealership_id
     WHERE d.site_id = $1 AND d.retired_at IS NULL AND l.visible AND ($2::text IS NULL OR l.slug = $2)
     ORDER BY l."primary" DESC, l.id LIMIT 1`,
    [site.site.id, reference?.trim() || null],
  )) as { slug: string; dealership_slug: string }[];
  if (!row && reference)
    throw new ToolRefusal(
      'location',
      `Unknown location '${reference.slice(0, 60)}': use a reference list_locations answered.`,
    );
  return row ? { slug: row.slug, dealershipSlug: row.dealership_slug } : null;
}
