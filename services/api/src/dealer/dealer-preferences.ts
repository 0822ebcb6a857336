import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { CLOCK_TIME, displayMobile, MobileNumberSchema, type DealerRole } from '@platform/domain';
import { recordDealerAudit } from '@platform/leads';
import { ProblemException, type FieldError } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import { myTaskCounts } from './dealer-lead-tasks';

const CLOCK_MESSAGE = 'Enter a time on the 24-hour clock, such as 21:00.';
const SLUG_MESSAGE = 'dealership is the slug of one of your dealerships, such as north-motors.';

/** A form's empty field means "none": the same as null. */
const blankIsNull = (value: unknown): unknown => (value === '' ? null : value);

const ClockSchema = z.preprocess(
  blankIsNull,
  z.string({ error: CLOCK_MESSAGE }).max(5, CLOCK_MESSAGE).regex(CLOCK_TIME, CLOCK_MESSAGE).nullable(),
);

/**
 * A user's whole set of desk preferences (PUT replaces it: a mobile or quiet hours left out are
 * cleared), and whether they take leads at the dealerships listed (those not listed keep theirs).
 * Bounded to what the columns hold: E.164 mobiles, 'HH:MM', booleans.
 */
export const DeskPreferencesSchema = z
  .strictObject({
    notifyEmail: z.boolean({ error: 'notifyEmail is true or false.' }),
    notifySms: z.boolean({ error: 'notifySms is true or false.' }),
    mobile: z.preprocess(blankIsNull, MobileNumberSchema.nullable()).optional(),
    smsConsent: z.boolean({ error: 'smsConsent is true or false.' }).optional(),
    quietStart: ClockSchema.optional(),
    quietEnd: ClockSchema.optional(),
    dealerships: z
      .array(
        z.strictObject({
          slug: z.string({ error: SLUG_MESSAGE }).regex(/^[a-z0-9-]{1,100}$/, SLUG_MESSAGE),
          takesLeads: z.boolean({ error: 'takesLeads is true or false.' }),
        }),
        { error: 'dealerships is a list of { slug, takesLeads }.' },
      )
      .max(100, 'List at most 100 dealerships.')
      .optional(),
  })
  // Runs even when a field failed, so one answer names every field to fix (a bad mobile and half
  // the quiet hours together); the body may then hold raw values, so each is looked at defensively.
  .superRefine(
    (body, context) => {
      const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
      if (body.notifySms === true && !given(body.mobile))
        context.addIssue({
          code: 'custom',
          path: ['mobile'],
          message: 'Enter the mobile texts go to, or turn SMS off.',
        });
      if (given(body.quietStart) !== given(body.quietEnd))
        context.addIssue({
          code: 'custom',
          path: [given(body.quietStart) ? 'quietEnd' : 'quietStart'],
          message: 'Give both the start and the end of your quiet hours, or neither.',
        });
      else if (typeof body.quietStart === 'string' && body.quietStart === body.quietEnd)
        context.addIssue({
          code: 'custom',
          path: ['quietEnd'],
          message: 'Quiet hours end at another time than they start.',
        });
      const seen = new Set<string>();
      (Array.isArray(body.dealerships) ? body.dealerships : []).forEach((entry: unknown, index) => {
        const slug = (entry as { slug?: unknown } | null)?.slug;
        if (typeof slug !== 'string') return;
        if (seen.has(slug))
          context.addIssue({
            code: 'custom',
            path: ['dealerships', index, 'slug'],
            message: `Dealership '${slug}' is listed twice.`,
          });
        seen.add(slug);
      });
    },
    {
      when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
    },
  );
export type DeskPreferencesInput = z.infer<typeof DeskPreferencesSchema>;

export interface DeskPreferencesView {
  notifyEmail: boolean;
  notifySms: boolean;
  /** As Australians write it ('0412 345 678'); stored as E.164. */
  mobile: string | null;
  /** When the user agreed to be texted; null while SMS is off. */
  smsConsentAt: string | null;
  quietStart: string | null;
  quietEnd: string | null;
  /** Every dealership of theirs; a viewer never takes leads, whatever the column holds. */
  dealerships: { slug: string; name: string; role: DealerRole; takesLeads: boolean }[];
}

export interface ConsoleCounts {
  /** Leads still New; those past their first-response time; those New and given to this user. */
  leads: { new: number; overdue: number; mine: number };
  /** Holds awaiting payment or held. */
  reservations: { active: number };
  /** The user's own open follow-up tasks due by the end of today (overdue ones included), and those overdue. */
  tasks: { due: number; overdue: number };
}

type UserRow = {
  notify_email: boolean;
  notify_sms: boolean;
  mobile: string | null;
  sms_consent_at: Date | null;
  quiet_start: string | null;
  quiet_end: string | null;
};
type MembershipRow = { dealership_id: number; slug: string; name: string; role: DealerRole; takes_leads: boolean };

const refused = (errors: FieldError[]): ProblemException =>
  new ProblemException({
    status: 400,
    title: 'Invalid request',
    detail: `The body is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });

/**
 * A dealer user's own notification channels, quiet hours and shift (taking leads), and the counts
 * the console's navigation shows. A user reads and changes only their own row and memberships: the
 * principal's id is the only user these queries name.
 */
@Injectable()
export class DealerPreferences {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get(dealer: DealerPrincipal, manager: EntityManager = this.db.manager): Promise<DeskPreferencesView> {
    const [user] = (await manager.query(
      `SELECT notify_email, notify_sms, mobile, sms_consent_at, quiet_start, quiet_end FROM dealer_users WHERE id = $1`,
      [dealer.userId],
    )) as UserRow[];
    const memberships = await this.memberships(manager, dealer.userId, false);
    return {
      notifyEmail: user!.notify_email,
      notifySms: user!.notify_sms,
      mobile: user!.mobile ? displayMobile(user!.mobile) : null,
      smsConsentAt: user!.sms_consent_at?.toISOString() ?? null,
      quietStart: user!.quiet_start,
      quietEnd: user!.quiet_end,
      dealerships: memberships.map((m) => ({
        slug: m.slug,
        name: m.name,
        role: m.role,
        takesLeads: m.role !== 'viewer' && m.takes_leads,
      })),
    };
  }

  /**
   * Replaces the user's preferences in one transaction, with an audit row in each dealership the
   * change concerns (never the number itself). Turning SMS on, or changing the number it goes to,
   * needs `smsConsent: true` and stores when; turning it off withdraws the consent. Every refusal
   * names its field and writes nothing.
   */
  async put(dealer: DealerPrincipal, input: DeskPreferencesInput): Promise<DeskPreferencesView> {
    return this.db.transaction(async (manager) => {
      const [before] = (await manager.query(
        `SELECT notify_email, notify_sms, mobile, sms_consent_at, quiet_start, quiet_end FROM dealer_users
         WHERE id = $1 FOR UPDATE`,
        [dealer.userId],
      )) as UserRow[];
      // Read under lock, not from the session's principal: a role changed since sign-in counts.
      const memberships = await this.memberships(manager, dealer.userId, true);
      const mobile = input.mobile ?? null;
      const quietStart = input.quietStart ?? null;
      const quietEnd = input.quietEnd ?? null;
      const errors: FieldError[] = [];
      const newConsent = input.notifySms && (!before!.notify_sms || before!.mobile !== mobile);
      if (newConsent && input.smsConsent !== true)
        errors.push({
          path: 'smsConsent',
          message: 'Tick the box to agree to texts about leads at this number, or turn SMS off.',
        });
      const shifts: { membership: MembershipRow; takesLeads: boolean }[] = [];
      input.dealerships?.forEach((entry, index) => {
        const membership = memberships.find((m) => m.slug === entry.slug);
        // Another's dealership reads exactly as an unknown one.
        if (!membership)
          return errors.push({ path: `dealerships.${index}.slug`, message: `You have no dealership '${entry.slug}'.` });
        if (membership.role === 'viewer' && entry.takesLeads)
          return errors.push({
            path: `dealerships.${index}.takesLeads`,
            message: `You are a viewer at ${membership.name}: viewers are not given leads. Ask an owner for the sales role.`,
          });
        if (membership.takes_leads !== entry.takesLeads) shifts.push({ membership, takesLeads: entry.takesLeads });
      });
      if (errors.length > 0) throw refused(errors);

      const consentAt = !input.notifySms ? null : input.smsConsent === true ? new Date() : before!.sms_consent_at;
      await manager.query(
        `UPDATE dealer_users SET notify_email = $2, notify_sms = $3, mobile = $4, sms_consent_at = $5,
           quiet_start = $6, quiet_end = $7 WHERE id = $1`,
        [dealer.userId, input.notifyEmail, input.notifySms, mobile, consentAt, quietStart, quietEnd],
      );
      for (const shift of shifts)
        await manager.query(
          `UPDATE dealer_memberships SET takes_leads = $3 WHERE user_id = $1 AND dealership_id = $2`,
          [dealer.userId, shift.membership.dealership_id, shift.takesLeads],
        );

      const changed = [
        before!.notify_email !== input.notifyEmail && 'notify_email',
        before!.notify_sms !== input.notifySms && 'notify_sms',
        before!.mobile !== mobile && 'mobile',
        input.smsConsent === true && input.notifySms && 'sms_consent',
        (before!.quiet_start !== quietStart || before!.quiet_end !== quietEnd) && 'quiet_hours',
      ].filter((name): name is string => typeof name === 'string');
      for (const membership of memberships) {
        const shift = shifts.find((s) => s.membership === membership);
        if (changed.length === 0 && !shift) continue;
        await recordDealerAudit(manager, {
          dealershipId: membership.dealership_id,
          userId: dealer.userId,
          action: 'user.preferences_changed',
          subject: { type: 'dealer_user', id: dealer.userId },
          // What changed and the new settings, but never the mobile number: the log is read by owners.
          detail: {
            user_id: dealer.userId,
            changed: shift ? [...changed, 'takes_leads'] : changed,
            notify_email: input.notifyEmail,
            notify_sms: input.notifySms,
            quiet_start: quietStart,
            quiet_end: quietEnd,
            ...(shift ? { takes_leads: shift.takesLeads } : {}),
          },
        });
      }
      return this.get(dealer, manager);
    });
  }

  /**
   * The navigation's counts over the user's dealerships: one pass over their New leads (the
   * dealership-status index) and one over their active holds.
   */
  async counts(dealer: DealerPrincipal): Promise<ConsoleCounts> {
    const ids = dealer.memberships.map((m) => m.dealershipId);
    const [leads] = (await this.db.query(
      `SELECT count(*)::int AS new,
         count(*) FILTER (WHERE first_response_at IS NULL AND duplicate_of IS NULL AND response_due_at <= now())::int AS overdue,
         count(*) FILTER (WHERE assigned_user_id = $2::uuid)::int AS mine
       FROM leads WHERE dealership_id = ANY($1::int[]) AND status = 'new'`,
      [ids, dealer.userId],
    )) as { new: number; overdue: number; mine: number }[];
    const [holds] = (await this.db.query(
      `SELECT count(*)::int AS active FROM reservations
       WHERE dealership_id = ANY($1::int[]) AND status IN ('pending_payment', 'held')`,
      [ids],
    )) as { active: number }[];
    return { leads: leads!, reservations: holds!, tasks: await myTaskCounts(this.db, dealer) };
  }

  private async memberships(manager: EntityManager, userId: string, lock: boolean): Promise<MembershipRow[]> {
    return (await manager.query(
      `SELECT m.dealership_id, d.slug, d.name, m.role, m.takes_leads
       FROM dealer_memberships m JOIN dealerships d ON d.id = m.dealership_id
       WHERE m.user_id = $1 ORDER BY d.position, d.name ${lock ? 'FOR UPDATE OF m' : ''}`,
      [userId],
    )) as MembershipRow[];
  }
}
