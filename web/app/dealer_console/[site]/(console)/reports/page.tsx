import type { Metadata } from 'next';
import Link from 'next/link';
import { ConsoleFrame, param, SignedOut } from '@/components/dealer-console/console-frame';
import { HorizontalBars } from '@/components/dealer-console/report-charts';
import insights from '@/components/dealer-console/insights.module.css';
import styles from '@/components/dealer-console/reports.module.css';
import work from '@/components/dealer-console/console.module.css';
import { ApiError } from '@/lib/api/client';
import { getDealerMe } from '@/lib/api/dealer';
import { getLeadReport, type LeadReport, type ReportRow } from '@/lib/api/dealer-reports';
import { formatMinutes } from '@/lib/dealer-console/lead-clock';
import { personalPage } from '@/lib/edge/personal-page';

export const metadata: Metadata = personalPage({ title: 'Reports · Dealer console' });
export const dynamic = 'force-dynamic';

const QUERY_KEYS = ['dealership', 'from', 'to'] as const;

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string): string => dayFormat.format(new Date(`${iso}T00:00:00Z`));

const percent = (value: number | null): string => (value === null ? '—' : `${value.toLocaleString('en-AU')}%`);

/** One breakdown: the bars, then the same numbers with the won and the conversion in a table. */
function Breakdown(props: { id: string; title: string; heading: string; rows: readonly ReportRow[]; range: string }) {
  return (
    <section aria-labelledby={`${props.id}-title`} className={work.section}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className={work.muted}>No leads in these days.</p>
      ) : (
        <figure className={styles.chart}>
          <HorizontalBars
            title={`${props.title}, ${props.range}`}
            labels={props.rows.map((row) => row.label)}
            values={props.rows.map((row) => row.leads)}
          />
          <table className={insights.stock}>
            <caption>
              {props.title}, {props.range}
            </caption>
            <thead>
              <tr>
                <th scope="col">{props.heading}</th>
                <th scope="col" className={insights.num}>
                  Leads
                </th>
                <th scope="col" className={insights.num}>
                  Won
                </th>
                <th scope="col" className={insights.num}>
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td className={insights.num} data-label="Leads">
                    {row.leads.toLocaleString('en-AU')}
                  </td>
                  <td className={insights.num} data-label="Won">
                    {row.won.toLocaleString('en-AU')}
                  </td>
                  <td className={insights.num} data-label="Conversion">
                    {percent(row.conversionPercent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}

function Salespeople({ report, range }: { report: LeadReport; range: string }) {
  const rows = report.bySalesperson;
  return (
    <section aria-labelledby="people-title" className={work.section}>
      <h2 id="people-title">Leads by salesperson</h2>
      <p className={work.muted}>
        Each salesperson&apos;s leads are those assigned to them; the response time is how long each waited for its
        first answer (from anyone), counted in the dealership&apos;s sales opening hours only.
      </p>
      {rows.length === 0 ? (
        <p className={work.muted}>No leads in these days.</p>
      ) : (
        <figure className={styles.chart}>
          <HorizontalBars
            title={`Leads by salesperson, ${range}`}
            labels={rows.map((row) => row.label)}
            values={rows.map((row) => row.leads)}
          />
          <table className={insights.stock}>
            <caption>First response and conversion by salesperson, {range}</caption>
            <thead>
              <tr>
                <th scope="col">Salesperson</th>
                <th scope="col" className={insights.num}>
                  Leads
                </th>
                <th scope="col" className={insights.num}>
                  Answered
                </th>
                <th scope="col" className={insights.num}>
                  First response, median (p50)
                </th>
                <th scope="col" className={insights.num}>
                  First response, p90
                </th>
                <th scope="col" className={insights.num}>
                  Won
                </th>
                <th scope="col" className={insights.num}>
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td className={insights.num} data-label="Leads">
                    {row.leads.toLocaleString('en-AU')}
                  </td>
                  <td className={insights.num} data-label="Answered">
                    {row.responded.toLocaleString('en-AU')}
                  </td>
                  <td className={insights.num} data-label="First response p50">
                    {formatMinutes(row.p50Minutes)}
                  </td>
                  <td className={insights.num} data-label="First response p90">
                    {formatMinutes(row.p90Minutes)}
                  </td>
                  <td className={insights.num} data-label="Won">
                    {row.won.toLocaleString('en-AU')}
                  </td>
                  <td className={insights.num} data-label="Conversion">
                    {percent(row.conversionPercent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}

/** /dealer/reports: leads by source, form and salesperson, response times and conversion, for days in the address. */
export default async function ReportsPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const search = await searchParams;
  const query = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = param(search[key]);
    if (value) query.set(key, value);
  }
  const me = await getDealerMe(site);
  if (!me) return <SignedOut />;
  let report: LeadReport | null = null;
  let problem: string | null = null;
  try {
    report = await getLeadReport(site, query);
  } catch (error) {
    // A hand-edited address the api refuses: say which value, and show the form to fix it.
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404)) throw error;
    problem = error.problem?.detail ?? error.problem?.title ?? 'Those dates are not valid.';
  }
  if (!report && !problem) return <SignedOut />;
  const range = report ? `${day(report.from)} to ${day(report.to)}` : '';
  return (
    <ConsoleFrame title="Reports" error={problem}>
      <form method="get" action="/dealer/reports" className={styles.filters}>
        <label>
          From
          <input type="date" name="from" defaultValue={report?.from ?? query.get('from') ?? ''} required />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={report?.to ?? query.get('to') ?? ''} required />
        </label>
        {me.dealerships.length > 1 ? (
          <label>
            Dealership
            <select name="dealership" defaultValue={query.get('dealership') ?? ''}>
              <option value="">All</option>
              {me.dealerships.map((d) => (
                <option key={d.slug} value={d.slug}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className={work.button}>
          Show
        </button>
        <Link href="/dealer/reports">Last 30 days</Link>
      </form>
      {report ? (
        <>
          <section aria-labelledby="summary-title" className={work.section}>
            <h2 id="summary-title">Leads received {range}</h2>
            <dl className={insights.figures}>
              <div>
                <dt>Leads</dt>
                <dd>{report.total.toLocaleString('en-AU')}</dd>
              </div>
              <div>
                <dt>Won</dt>
                <dd>{report.won.toLocaleString('en-AU')}</dd>
              </div>
              <div>
                <dt>Conversion to won</dt>
                <dd>{percent(report.conversionPercent)}</dd>
              </div>
              <div>
                <dt>First response, median (p50)</dt>
                <dd>{formatMinutes(report.p50Minutes)}</dd>
              </div>
              <div>
                <dt>First response, p90</dt>
                <dd>{formatMinutes(report.p90Minutes)}</dd>
              </div>
            </dl>
            <p className={work.muted}>
              {report.responded.toLocaleString('en-AU')} of {report.total.toLocaleString('en-AU')} leads answered.
              Response times count sales opening hours only; days are the dealership&apos;s own ({report.timeZone}).
            </p>
          </section>
          <Breakdown id="source" title="Leads by source" heading="Source" rows={report.bySource} range={range} />
          <Breakdown id="form" title="Leads by form" heading="Form" rows={report.byForm} range={range} />
          <Salespeople report={report} range={range} />
        </>
      ) : null}
    </ConsoleFrame>
  );
}
