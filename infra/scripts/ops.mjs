#!/usr/bin/env node
// `npm run ops -- <command>`: the ops API from a terminal. Reads OPS_TOKEN and API_URL from the
// environment or .env (npm start writes one).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { parseDotenv } from './dotenv.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dotenv = existsSync(path.join(root, '.env')) ? parseDotenv(readFileSync(path.join(root, '.env'), 'utf8')) : {};
const token = process.env.OPS_TOKEN || dotenv.OPS_TOKEN;
// API_URL may list several api processes (the web takes each in turn); any one of them will do.
const api = (process.env.API_URL || `http://127.0.0.1:${process.env.PORT || dotenv.PORT || 3001}`)
  .split(',')[0]
  .trim()
  .replace(/\/$/, '');

const USAGE = `Usage: npm run ops -- <command>

  onboard <file.json> [--json]   onboard a dealer from one document (docs/onboarding.md), all or
                                 nothing; prints the site's URLs, each host's DNS records, and each
                                 dealership's feed key and owner's sign-in link (shown only now);
                                 --json prints the api's answer as it is
  sites [--retired]              list the sites: status, hosts, dealerships, cars live, last feed
                                 run, leads today (--retired: retired ones too)
  dealership get <site> <slug>   print a dealership (JSON): the fields PUT takes, its locations,
                                 retired_at
  dealership put <site> <slug> --file <d.json>
                                 create or replace a dealership (the onboarding document's
                                 dealership without slug, owner and locations)
  dealership retire <site> <slug>
                                 retire it: its live cars withdrawn, locations hidden, feed keys
                                 revoked; its cars, leads and users stay
  location get <site> <dealership> <slug>
                                 print a location (JSON): address, hours, special hours, visible
  location put <site> <dealership> <slug> --file <l.json>
                                 create or replace a location (the document's location without
                                 its slug); the street address is geocoded from its postcode
  location hide <site> <dealership> <slug>
                                 hide a location (PUT shows it again)
  manufacturers                  list the brand records: slug, name, dealerships of that brand
  manufacturer get <slug>        print a brand record (JSON)
  manufacturer put <slug> --file <m.json>
                                 create or replace a brand record { name, logo_url, config }
  manufacturer remove <slug>     remove a brand record nothing names
  operator --email <address> [--name <name>]
                                 add a platform operator (or find the one of that address) and
                                 print a one-time ops console sign-in link (15 minutes)
  reindex --site <slug>          rebuild one site's search index (progress bar until the swap)
  reindex --all                  rebuild every site's index
  feed-key --dealership <slug>   issue a feed key (shown once)
  revoke-keys --dealership <slug>  revoke every feed key of a dealership
  dealer-user --dealership <slug> --email <address> [--name <name>] [--role owner|sales|viewer]
                                 add a dealer console user (role owner by default) and print a
                                 one-time sign-in link (15 minutes)
  feeds --dealership <slug>      print the dealership's syndication feed URLs (Google, Meta),
                                 one per line, without rotating them
  runs [--status s] [--dealership slug] [--limit n]
                                 list feed runs, newest first (stuck ones marked)
  retry <feedRunId>              run a failed or stuck feed run again from where it stopped
  cancel <feedRunId>             stop a queued, running or held feed run
  confirm <feedRunId>            apply a held snapshot
  reject <feedRunId>             discard a held snapshot
  job <queue> <jobId>            show a job's state and progress
  media-backlog                  dealer photos per dealership: pending, stored, refused, unreachable
  media-reprocess --dealership <slug> | --car <id>
                                 fetch every photo of a dealership or one car again (forced)

OPS_TOKEN and API_URL (default http://127.0.0.1:3001) come from the environment or .env.`;

function fail(message) {
  process.stderr.write(`ops: ${message}\n`);
  process.exit(1);
}

function option(args, name) {
  const index = args.indexOf(name);
  const value = index >= 0 ? args[index + 1] : undefined;
  return value && !value.startsWith('--') ? value : undefined;
}

/** An ops API call; a refusal exits 1 with its title and each field it names on a line of its own. */
async function call(method, route, body) {
  return (await callWithStatus(method, route, body)).answer;
}

/** call(), with the answer's status (a PUT answers 201 when it created the record). */
async function callWithStatus(method, route, body) {
  let response;
  try {
    response = await fetch(`${api}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    fail(`the api at ${api} is not reachable (${error.cause?.code ?? error.message}). Is \`npm start\` running?`);
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const errors = answer.errors ?? [];
    // Field errors are the detail: one a line, as many as the api names (an onboarding document may have dozens).
    if (errors.length > 1)
      fail(`${response.status} ${answer.title ?? ''}:\n${errors.map((e) => `  ${e.path}: ${e.message}`).join('\n')}`);
    const fields = errors.map((error) => `${error.path}: ${error.message}`).join('; ');
    fail(
      `${response.status} ${answer.title ?? ''}: ${answer.detail ?? JSON.stringify(answer)}${fields ? ` (${fields})` : ''}`,
    );
  }
  return { status: response.status, answer };
}

/** A JSON file the reader names, from where they typed it (npm runs scripts from the repository root). */
function readJson(file, what) {
  if (!file) fail(`${what} needs --file <file.json>`);
  try {
    return JSON.parse(readFileSync(path.resolve(process.env.INIT_CWD || process.cwd(), file), 'utf8'));
  } catch (error) {
    fail(`cannot read ${file} as JSON: ${error.message}`);
  }
}

const segments = (...parts) => parts.map((part) => encodeURIComponent(part)).join('/');
const printJson = (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

/** get, put (--file), and the DELETE a record's command names (retire, hide, remove), of one ops record. */
async function record(what, action, route, args) {
  switch (action) {
    case 'get':
      printJson(await call('GET', route));
      return;
    case 'put': {
      const { status, answer } = await callWithStatus('PUT', route, readJson(option(args, '--file'), `${what} put`));
      process.stdout.write(`${what} ${status === 201 ? 'created' : 'saved (replaced, or already so)'}:\n`);
      printJson(answer);
      return;
    }
    default:
      fail(`unknown ${what} action '${action}'\n${USAGE}`);
  }
}

function bar(progress) {
  const percent = Math.max(0, Math.min(100, Number(progress?.percent ?? 0)));
  const filled = Math.round(percent / 4);
  const detail = progress?.total !== undefined ? ` ${progress.done}/${progress.total} cars` : '';
  const sites =
    progress?.sites > 1 ? ` (site ${Math.min(progress.sitesDone + 1, progress.sites)} of ${progress.sites})` : '';
  return `[${'#'.repeat(filled)}${'-'.repeat(25 - filled)}] ${String(percent).padStart(3)}%${detail}${sites}`;
}

async function follow(statusUrl) {
  const tty = process.stdout.isTTY;
  for (;;) {
    const job = await call('GET', statusUrl);
    if (tty) process.stdout.write(`\r${bar(job.progress)}   `);
    if (job.state === 'completed') {
      process.stdout.write(`${tty ? '\n' : ''}done: the new index is live (${JSON.stringify(job.result)})\n`);
      return;
    }
    if (job.state === 'failed') fail(`${tty ? '\n' : ''}reindex failed: ${job.failedReason}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command || command === '--help' || command === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(command ? 0 : 1);
}
if (!token) fail('OPS_TOKEN is not set (export it, or run `npm start` once to create .env).');

/** What an onboarding answered, for a person: every secret in it is shown only this once. */
function printOnboarded(answer) {
  const out = [`Onboarded ${answer.site.name} (${answer.site.slug}): ${answer.site.url}`, '', 'Hosts:'];
  for (const host of answer.hosts) {
    out.push(`  ${host.host.padEnd(40)} ${host.status.padEnd(9)}${host.primary ? ' primary' : ''}`);
    if (host.dns_records.length > 0) {
      out.push('    the dealer sets these DNS records; the host serves once the TXT record is seen:');
      for (const record of host.dns_records) out.push(`      ${record.type.padEnd(6)} ${record.name}  ${record.value}`);
    }
  }
  for (const dealership of answer.dealerships) {
    out.push(
      '',
      `Dealership ${dealership.slug} (${dealership.name}), ${dealership.locations.length} location(s)`,
      `  feed key (shown only now): ${dealership.feed_key.key}`,
      `  push stock: POST ${api}${dealership.feed_path} with 'Authorization: Bearer <feed key>'`,
      `  ${dealership.owner.email}, owner: one-time sign-in link (until ${dealership.owner.expires_at}):`,
      `  ${dealership.owner.sign_in_url}`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

switch (command) {
  case 'onboard': {
    const file = args.find((arg) => !arg.startsWith('--')) ?? fail('onboard needs a document: onboard <file.json>');
    const answer = await call('POST', '/api/ops/onboarding', readJson(file, 'onboard'));
    if (args.includes('--json')) process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else printOnboarded(answer);
    break;
  }
  case 'sites': {
    const { sites } = await call('GET', `/api/ops/sites${args.includes('--retired') ? '?retired=true' : ''}`);
    for (const site of sites) {
      const run = site.last_feed_run ? `${site.last_feed_run.status} ${site.last_feed_run.received_at}` : 'no feed run';
      const state = site.retired_at ? `retired ${site.retired_at}` : site.status;
      process.stdout.write(
        `${site.slug.padEnd(28)} ${state.padEnd(10)} ${String(site.dealerships).padStart(2)} dealership(s) ${String(site.cars_live).padStart(6)} cars live ${String(site.leads_today).padStart(4)} leads today  ${run}\n` +
          site.hosts.map((host) => `    ${host.host} (${host.status}${host.primary ? ', primary' : ''})\n`).join(''),
      );
    }
    if (sites.length === 0) process.stdout.write('no sites\n');
    break;
  }
  case 'dealership': {
    const [action, site, slug] = args;
    if (!action || !site || !slug) fail('dealership needs get|put|retire <site> <slug>');
    const route = `/api/ops/sites/${segments(site, 'dealerships', slug)}`;
    if (action === 'retire') {
      const retired = await call('DELETE', route);
      process.stdout.write(
        `${slug} retired ${retired.retired_at}: its live cars withdrawn, its locations hidden, its feed keys revoked\n`,
      );
    } else await record('dealership', action, route, args);
    break;
  }
  case 'location': {
    const [action, site, dealership, slug] = args;
    if (!action || !site || !dealership || !slug) fail('location needs get|put|hide <site> <dealership> <slug>');
    const route = `/api/ops/sites/${segments(site, 'dealerships', dealership, 'locations', slug)}`;
    if (action === 'hide') {
      await call('DELETE', route);
      process.stdout.write(`${dealership}/${slug} hidden (PUT it to show it again)\n`);
    } else await record('location', action, route, args);
    break;
  }
  case 'manufacturers': {
    const { manufacturers } = await call('GET', '/api/ops/manufacturers');
    for (const m of manufacturers)
      process.stdout.write(
        `${m.slug.padEnd(24)} ${m.name.padEnd(28)} ${m.dealerships.length} dealership(s)${m.logo_url ? `  ${m.logo_url}` : ''}\n`,
      );
    if (manufacturers.length === 0) process.stdout.write('no manufacturers\n');
    break;
  }
  case 'manufacturer': {
    const [action, slug] = args;
    if (!action || !slug) fail('manufacturer needs get|put|remove <slug>');
    const route = `/api/ops/manufacturers/${segments(slug)}`;
    if (action === 'remove') {
      await call('DELETE', route);
      process.stdout.write(`manufacturer ${slug} removed\n`);
    } else await record('manufacturer', action, route, args);
    break;
  }
  case 'reindex': {
    const site = option(args, '--site');
    if (!site && !args.includes('--all')) fail('reindex needs --site <slug> or --all');
    const started = await call(
      'POST',
      site ? `/api/ops/sites/${encodeURIComponent(site)}/reindex` : '/api/ops/reindex',
    );
    process.stdout.write(`reindex queued (job ${started.jobId})\n`);
    await follow(started.statusUrl);
    break;
  }
  case 'operator': {
    const email = option(args, '--email') ?? fail('operator needs --email <address>');
    const added = await call('POST', '/api/ops/operators', {
      email,
      name: option(args, '--name') ?? email.split('@')[0],
    });
    process.stdout.write(
      `${added.operator.email} (${added.operator.name}) ${added.created ? 'is now an operator' : 'was already an operator'}.\n` +
        `One-time ops console sign-in link (until ${added.expires_at}):\n${added.sign_in_url}\n`,
    );
    break;
  }
  case 'feed-key': {
    const dealership = option(args, '--dealership') ?? fail('feed-key needs --dealership <slug>');
    const issued = await call('POST', `/api/ops/dealerships/${encodeURIComponent(dealership)}/feed-keys`);
    process.stdout.write(`feed key for ${dealership} (id ${issued.id}); it is shown only now:\n${issued.key}\n`);
    break;
  }
  case 'dealer-user': {
    const dealership = option(args, '--dealership') ?? fail('dealer-user needs --dealership <slug>');
    const email = option(args, '--email') ?? fail('dealer-user needs --email <address>');
    const added = await call('POST', `/api/ops/dealerships/${encodeURIComponent(dealership)}/users`, {
      email,
      name: option(args, '--name') ?? email.split('@')[0],
      role: option(args, '--role') ?? 'owner',
    });
    // The api names a development host (*.localhost) on the web's port (its WEB_PORT).
    const link = await call('POST', `/api/ops/dealer-users/${added.id}/sign-in-link`);
    process.stdout.write(
      `${added.email} is ${added.dealerships.map((d) => `${d.role} of ${d.slug}`).join(', ')} on ${added.site}.\n` +
        `One-time sign-in link (until ${link.expiresAt}):\n${link.url}\n`,
    );
    break;
  }
  case 'feeds': {
    const dealership = option(args, '--dealership') ?? fail('feeds needs --dealership <slug>');
    const { feeds } = await call('GET', `/api/ops/dealerships/${encodeURIComponent(dealership)}/syndication`);
    if (feeds.length === 0) fail(`${dealership} has no syndication channel on (site config syndication.*_enabled)`);
    // The api names a development host (*.localhost) on the web's port (its WEB_PORT).
    for (const feed of feeds) process.stdout.write(`${feed.url}\n`);
    break;
  }
  case 'revoke-keys': {
    const dealership = option(args, '--dealership') ?? fail('revoke-keys needs --dealership <slug>');
    const result = await call('DELETE', `/api/ops/dealerships/${encodeURIComponent(dealership)}/feed-keys`);
    process.stdout.write(`revoked ${result.revoked} key(s) of ${dealership}\n`);
    break;
  }
  case 'media-backlog': {
    const { dealerships } = await call('GET', '/api/ops/media/backlog');
    for (const row of dealerships)
      process.stdout.write(
        `${row.dealership.padEnd(28)} pending ${String(row.pending).padStart(6)}  stored ${String(row.stored).padStart(6)}  refused ${String(row.refused).padStart(5)}  unreachable ${String(row.unreachable).padStart(5)}${row.oldestPendingSeconds === null ? '' : `  oldest pending ${row.oldestPendingSeconds} s`}\n`,
      );
    break;
  }
  case 'media-reprocess': {
    const dealership = option(args, '--dealership');
    const car = option(args, '--car');
    if (!dealership === !car) fail('media-reprocess needs --dealership <slug> or --car <id>');
    if (car && !/^[1-9][0-9]{0,9}$/.test(car)) fail('--car needs a car id (a whole number)');
    const result = await call('POST', '/api/ops/media/reprocess', dealership ? { dealership } : { carId: Number(car) });
    process.stdout.write(`${result.queued} photo(s) queued to fetch again\n`);
    break;
  }
  case 'runs': {
    const query = new URLSearchParams();
    for (const name of ['status', 'dealership', 'limit']) {
      const value = option(args, `--${name}`);
      if (value) query.set(name, value);
    }
    const { runs } = await call('GET', `/api/ops/feeds/runs${query.size ? `?${query}` : ''}`);
    for (const run of runs) {
      process.stdout.write(
        `${run.feedRunId}  ${run.dealership.padEnd(28)} ${run.mode.padEnd(8)} ${(run.stuck ? 'STUCK' : run.status).padEnd(9)} ${String(run.received).padStart(6)} rows, ${run.rejected} rejected  ${run.receivedAt}${run.detail ? `  ${run.detail}` : ''}\n`,
      );
    }
    if (runs.length === 0) process.stdout.write('no feed runs\n');
    break;
  }
  case 'retry':
  case 'cancel':
  case 'confirm':
  case 'reject': {
    const id = args[0] ?? fail(`${command} needs a feed run id`);
    const result = await call('POST', `/api/ops/feeds/runs/${encodeURIComponent(id)}/${command}`);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    break;
  }
  case 'job': {
    const [queue, id] = args;
    if (!queue || !id) fail('job needs <queue> <jobId>');
    process.stdout.write(`${JSON.stringify(await call('GET', `/api/ops/jobs/${queue}/${id}`), null, 2)}\n`);
    break;
  }
  default:
    fail(`unknown command '${command}'\n${USAGE}`);
}
