import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import {
  LEAD_FORM_LABELS,
  LEAD_SORTS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_VIEW_LABELS,
  LEAD_VIEWS,
  leadFormLabel,
  type LeadView,
} from '@platform/domain';
import { LeadBulkBar } from '@/components/dealer-console/lead-bulk-bar';
import { LiveLeads } from '@/components/dealer-console/live-leads';
import bulk from '@/components/dealer-console/lead-bulk.module.css';
import { StatusBadge } from '@/components/dealer-console/status-badge';
import { ApiError } from '@/lib/api';
import {
  getBulkOptions,
  getDealerLeads,
  getDealerLeadViews,
  getDealerMe,
  getSavedViews,
  leadQuery,
  type BulkOptions,
  type DealerLeadSummary,
  type LeadViewCounts,
  type SavedLeadView,
} from '@/lib/api/dealer';
import { deleteViewAction, saveViewAction } from './saved-view-actions';
import { formatSpan, leadClock } from '@/lib/dealer-console/lead-clock';
import { BULK_CHECKBOX } from '@/lib/dealer-console/lead-bulk';
import styles from '@/components/dealer-console/console.module.css';

export const metadata: Metadata = { title: 'Leads' };

const FILTERS = ['q', 'status', 'form', 'car', 'dealership', 'view', 'sort', 'from', 'to'] as const;

/** Whether the inbox shows exactly a saved view's filters (its link is then the current page). */
const isShowing = (view: SavedLeadView, filters: Filters): boolean => {
  const { before: _before, ...shown } = filters;
  const keys = new Set([...Object.keys(view.filters), ...Object.keys(shown)]);
  return [...keys].every((key) => view.filters[key] === shown[key as keyof typeof shown]);
};

/** The filters a view tab keeps when it is chosen (the view itself is what the tab changes). */
const withView = (filters: Filters, view: LeadView | null): string => {
  const { before: _before, view: _view, ...rest } = filters;
  return `/dealer${leadQuery({ ...rest, ...(view ? { view } : {}) })}`;
};

const SORT_LABELS: Record<(typeof LEAD_SORTS)[number], string> = {
  newest: 'Newest first',
  due: 'Due first (who to answer next)',
};
type Filters = Partial<Record<(typeof FILTERS)[number] | 'before', string>>;

function filtersOf(query: Record<string, string | string[] | undefined>): Filters {
  const filters: Filters = {};
  for (const key of [...FILTERS, 'before'] as const) {
    const value = query[key];
    if (typeof value === 'string' && value.trim() !== '') filters[key] = value.trim();
  }
  return filters;
}

/**
 * /dealer: the leads inbox of the user's dealerships, newest first, with filters in the address (so a
 * filtered view can be bookmarked or shared with a colleague) and new leads shown without a reload.
 */
export default async function LeadsInboxPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site: slug } = await params;
  const query = await searchParams;
  const filters = filtersOf(query);
  const said = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).slice(0, 300) : null);
  const me = await getDealerMe(slug);
  if (!me) redirect('/dealer/sign-in');

  let page: { leads: DealerLeadSummary[]; next: string | null } | null = null;
  let counts: LeadViewCounts | null = null;
  let problem: string | null = null;
  // Changing leads in bulk is for owners and sales; a viewer sees no tick boxes and no bar.
  const canChangeAt = new Set(me.dealerships.filter((d) => d.role !== 'viewer').map((d) => d.slug));
  const [savedViews, bulkOptions]: [SavedLeadView[], BulkOptions | null] = await Promise.all([
    getSavedViews(slug).then((views) => views ?? []),
    canChangeAt.size > 0 ? getBulkOptions(slug) : Promise.resolve(null),
  ]);
  try {
    const { view: _view, sort: _sort, before: _before, ...counted } = filters;
    [page, counts] = await Promise.all([
      getDealerLeads(slug, { ...filters, limit: '50' }),
      getDealerLeadViews(slug, counted),
    ]);
  } catch (error) {
    // A filter the api refuses (a hand-edited address): say which, and show the form to fix it.
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404)) throw error;
    problem = error.problem?.detail ?? 'Those filters are not valid.';
  }
  if (!page && !problem) redirect('/dealer/sign-in');
  const leads = page?.leads ?? [];
  const { before, ...shown } = filters;
  const shownFilters: Record<string, string> = Object.fromEntries(
    Object.entries(shown).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const { sort: _order, ...exported } = shown;
  const exportHref = `/api/dealer/leads.csv${leadQuery(exported)}`;
  const filtered = Object.keys(shown).some((key) => key !== 'view' && key !== 'sort');
  const currentView = (LEAD_VIEWS as readonly string[]).includes(filters.view ?? '')
    ? (filters.view as LeadView)
    : null;
  const now = new Date();
  // The poll asks for leads newer than the newest shown, which heads the list only in newest order.
  const newest = leads.reduce<DealerLeadSummary | undefined>(
    (found, lead) => (!found || lead.createdAt > found.createdAt ? lead : found),
    undefined,
  );
  const manyDealerships = me.dealerships.length > 1;
  // Export takes every customer's contact details away: an owner's right (the api refuses others).
  const canExport = me.dealerships.some((d) => d.role === 'owner');

  return (
    <div className={styles.inbox}>
      <div className={styles.titleRow}>
        <h1>Leads</h1>
        <details className={bulk.saveView} open={Boolean(said('viewError'))}>
          <summary>Save view</summary>
          <div className={bulk.saveViewBody}>
            <form action={saveViewAction} aria-label="Save this view">
              <input type="hidden" name="site" value={slug} />
              {Object.entries(shownFilters).map(([key, value]) => (
                <input key={key} type="hidden" name={key} value={value} />
              ))}
              <label htmlFor="saved-view-name">Name this view</label>
              <input
                id="saved-view-name"
                name="name"
                required
                maxLength={60}
                placeholder="My overdue test drives"
                aria-describedby={said('viewError') ? 'saved-view-error' : undefined}
              />
              <button type="submit" className="button button-primary">
                Save
              </button>
              {said('viewError') && (
                <p id="saved-view-error" role="alert" className={styles.error}>
                  {said('viewError')}
                </p>
              )}
            </form>
            {savedViews.length > 0 && (
              <ul aria-label="Your saved views">
                {savedViews.map((view) => (
                  <li key={view.id}>
                    <span>{view.name}</span>
                    <form action={deleteViewAction}>
                      <input type="hidden" name="site" value={slug} />
                      <input type="hidden" name="id" value={view.id} />
                      <input type="hidden" name="name" value={view.name} />
                      <button type="submit" className="button button-secondary" aria-label={`Delete ${view.name}`}>
                        Delete
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </details>
        {canExport && (
          <a className="button button-secondary" href={exportHref} download>
            Export CSV
          </a>
        )}
      </div>

      {(said('viewSaved') || said('viewDeleted')) && (
        <p role="status" className={styles.done}>
          {said('viewSaved') ? `Saved the view ${said('viewSaved')}.` : `Deleted the view ${said('viewDeleted')}.`}
        </p>
      )}

      {counts && (
        <nav aria-label="Lead views" className={styles.views}>
          {([null, ...LEAD_VIEWS] as const).map((view) => (
            <a
              key={view ?? 'all'}
              href={withView(filters, view)}
              className={`${styles.viewTab} ${view === 'overdue' && counts.overdue > 0 ? styles.viewTabAlert : ''}`}
              aria-current={view === currentView ? 'page' : undefined}
            >
              {LEAD_VIEW_LABELS[view ?? 'all']} <span className={styles.viewCount}>{counts[view ?? 'all']}</span>
            </a>
          ))}
        </nav>
      )}
      {savedViews.length > 0 && (
        <nav aria-label="Saved views" className={bulk.savedViews}>
          {savedViews.map((view) => (
            <a
              key={view.id}
              href={`/dealer${leadQuery(view.filters)}`}
              className={styles.viewTab}
              aria-current={isShowing(view, filters) ? 'page' : undefined}
            >
              {view.name}
            </a>
          ))}
        </nav>
      )}

      <form method="get" action="/dealer" className={styles.filters} aria-label="Filter leads">
        {currentView && <input type="hidden" name="view" value={currentView} />}
        <div className={styles.filterSearch}>
          <label htmlFor="filter-q">Search</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Name, phone or stock number"
            maxLength={100}
          />
        </div>
        <details
          className={styles.moreFilters}
          open={Boolean(
            filters.status ||
            filters.form ||
            filters.car ||
            filters.dealership ||
            filters.sort ||
            filters.from ||
            filters.to,
          )}
        >
          <summary>Filters</summary>
          <div className={styles.moreFilterFields}>
            <div>
              <label htmlFor="filter-status">Status</label>
              <select id="filter-status" name="status" defaultValue={filters.status ?? ''}>
                <option value="">Any status</option>
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {LEAD_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-form">Form</label>
              <select id="filter-form" name="form" defaultValue={filters.form ?? ''}>
                <option value="">Any form</option>
                {Object.entries(LEAD_FORM_LABELS).map(([form, label]) => (
                  <option key={form} value={form}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-car">Car (stock number)</label>
              <input id="filter-car" name="car" defaultValue={filters.car} maxLength={60} autoComplete="off" />
            </div>
            {manyDealerships && (
              <div>
                <label htmlFor="filter-dealership">Dealership</label>
                <select id="filter-dealership" name="dealership" defaultValue={filters.dealership ?? ''}>
                  <option value="">All dealerships</option>
                  {me.dealerships.map((d) => (
                    <option key={d.slug} value={d.slug}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div>
              <label htmlFor="filter-from">Received from</label>
              <input id="filter-from" name="from" type="date" defaultValue={filters.from} />
            </div>
            <div>
              <label htmlFor="filter-to">Received to</label>
              <input id="filter-to" name="to" type="date" defaultValue={filters.to} min={filters.from} />
            </div>
            <div>
              <label htmlFor="filter-sort">Order</label>
              <select id="filter-sort" name="sort" defaultValue={filters.sort ?? 'newest'}>
                {LEAD_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </details>
        <div className={styles.filterActions}>
          <button type="submit" className="button button-primary">
            Filter
          </button>
          {filtered && <a href={withView({}, currentView)}>Clear</a>}
        </div>
      </form>

      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}

      {!before && !problem && (
        <LiveLeads
          query={leadQuery(shown)}
          newest={newest?.createdAt ?? new Date(0).toISOString()}
          newestId={newest?.id}
        />
      )}

      {leads.length === 0 && !problem ? (
        <p className={styles.empty}>{filtered ? 'No leads match these filters.' : 'No leads yet.'}</p>
      ) : (
        <ul
          className={styles.leadList}
          aria-label={filters.sort === 'due' ? 'Leads, the next to answer first' : 'Leads, newest first'}
        >
          {leads.map((lead) => {
            const clock = leadClock(lead.response, now, lead.timeZone, lead.createdAt);
            return (
              <li key={lead.id} className={styles.leadItem}>
                <div className={styles.leadMain}>
                  <span className={bulk.named}>
                    {bulkOptions && canChangeAt.has(lead.dealership.slug) && (
                      <label className={bulk.pick}>
                        <input
                          type="checkbox"
                          value={lead.id}
                          {...{ [BULK_CHECKBOX]: '' }}
                          aria-label={`Select ${lead.name || lead.email || lead.phone || 'this lead'}`}
                        />
                      </label>
                    )}
                    <a href={`/dealer/leads/${lead.id}`} className={styles.leadName}>
                      {lead.name || lead.email || lead.phone || 'No name given'}
                    </a>
                  </span>
                  {clock && lead.status === 'new' ? (
                    <span className={`${styles.clock} ${styles[`clock_${clock.state}`]}`}>{clock.text}</span>
                  ) : (
                    <StatusBadge status={lead.status} />
                  )}
                </div>
                <p className={styles.leadMeta}>
                  <time dateTime={lead.createdAt}>{formatSpan(now.getTime() - Date.parse(lead.createdAt))} ago</time>
                  {' · '}
                  {lead.assignee ? lead.assignee.name : 'Unassigned'}
                  {manyDealerships && <> · {lead.dealership.name}</>}
                  {' · '}
                  {leadFormLabel(lead.form)}
                  {lead.car && (
                    <>
                      {' · '}
                      {lead.car.title} <span className={styles.stock}>#{lead.car.stocknum}</span>
                    </>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}

      {bulkOptions && (
        <LeadBulkBar csrfToken={me.csrfToken} assignees={bulkOptions.assignees} lostReasons={bulkOptions.lostReasons} />
      )}

      <nav aria-label="Pages of leads" className={styles.paging}>
        {before && <a href={`/dealer${leadQuery(shown)}`}>Newest leads</a>}
        {page?.next && <a href={`/dealer${leadQuery({ ...shown, before: page.next })}`}>Older leads</a>}
      </nav>
    </div>
  );
}
