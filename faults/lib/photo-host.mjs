// A dealer's photo host of the suite's own (scenarios 8 and 10), and a dealership of a scenario's
// own to push its photos from. The host listens on 127.0.0.2, which the suite's worker is allowed
// to fetch from (OUTBOUND_ALLOWED_ADDRESSES); 127.0.0.1 stays loopback the guard refuses.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sharp = require('sharp');

export const PHOTO_HOST_ADDRESS = '127.0.0.2';

/** A camera-like JPEG of about 40 KB (noise compresses like a real photo). */
export const photoBytes = (seed) =>
  sharp({
    create: {
      width: 480,
      height: 360,
      channels: 3,
      background: { r: seed % 255, g: (seed * 7) % 255, b: 120 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * Serves `count` photos at /p/<i>.jpg, each answered 200 after `delayMs`; counts the requests and
 * the 200s per photo, and how many requests are in flight (at most, and now).
 */
export class PhotoHost {
  constructor({ count, delayMs = 0 }) {
    this.count = count;
    this.delayMs = delayMs;
    this.photos = new Map();
    this.asked = new Map();
    this.served = new Map();
    this.inFlight = 0;
    this.maxInFlight = 0;
    /** Time of every request, in order. */
    this.requests = [];
    this.sockets = new Set();
  }

  async start() {
    for (let i = 0; i < this.count; i++) this.photos.set(`/p/${i}.jpg`, await photoBytes(i + 1));
    this.server = createServer((request, response) => {
      const route = request.url ?? '/';
      this.asked.set(route, (this.asked.get(route) ?? 0) + 1);
      this.requests.push(Date.now());
      const body = this.photos.get(route);
      if (!body) return response.writeHead(404).end();
      this.inFlight += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        this.inFlight -= 1;
      };
      response.on('close', finish);
      setTimeout(() => {
        if (response.destroyed) return finish();
        this.served.set(route, (this.served.get(route) ?? 0) + 1);
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
      }, this.delayMs);
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise((resolve) => this.server.listen(0, PHOTO_HOST_ADDRESS, resolve));
    this.origin = `http://${PHOTO_HOST_ADDRESS}:${this.server.address().port}`;
    return this;
  }

  get host() {
    return new URL(this.origin).host;
  }

  urls() {
    return [...this.photos.keys()].map((route) => `${this.origin}${route}`);
  }

  /** 200s answered per photo: [least, most] over every photo (a photo never served counts 0). */
  servedRange() {
    const counts = [...this.photos.keys()].map((route) => this.served.get(route) ?? 0);
    return [Math.min(...counts), Math.max(...counts)];
  }

  stop() {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * A dealership of the scenario's own (with its primary location and a feed key made through the ops
 * API), registered as `p.dealers[key]` so p.pushFeed(key, ...) pushes as it.
 */
export async function scenarioDealer(p, key) {
  if (p.dealers[key]?.key) return p.dealers[key];
  const slug = `faults-${key}`;
  const [dealer] = (
    await p.db.query(`INSERT INTO dealerships (site_id, slug, name) VALUES ($1, $2, $3) RETURNING id`, [
      p.site.id,
      slug,
      `Fault Motors ${key.toUpperCase()}`,
    ])
  ).rows;
  const [location] = (
    await p.db.query(
      `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone)
       VALUES ($1, $2, $3, true, '1 Main St', 'Brisbane', 'QLD', '4000', 'Australia/Brisbane') RETURNING id`,
      [dealer.id, `Fault Motors ${key.toUpperCase()} Sales`, `${slug}-sales`],
    )
  ).rows;
  const answer = await p.http('POST', `/api/ops/dealerships/${slug}/feed-keys`, {
    headers: { authorization: `Bearer ${p.opsToken}` },
  });
  if (answer.status !== 201) throw new Error(`feed key for ${key}: HTTP ${answer.status} ${answer.text}`);
  p.dealers[key] = { id: dealer.id, slug, locationId: location.id, key: answer.json.key };
  return p.dealers[key];
}

/** The dealership's photos by status, and how many carry each note (refusal_reason). */
export async function photoStates(p, dealershipId) {
  const { rows } = await p.db.query(
    `SELECT status, COALESCE(refusal_reason, '') AS reason, count(*)::int AS n
     FROM photos WHERE dealership_id = $1 GROUP BY 1, 2`,
    [dealershipId],
  );
  const states = { pending: 0, stored: 0, refused: 0, unreachable: 0, storage: 0, total: 0 };
  for (const row of rows) {
    states[row.status] = (states[row.status] ?? 0) + row.n;
    if (row.reason === 'storage') states.storage += row.n;
    states.total += row.n;
  }
  return states;
}

/** The photo warnings of a run (what the dealer's run page and console show). */
export async function photoWarnings(p, feedRunId) {
  const { rows } = await p.db.query(`SELECT warnings FROM feed_runs WHERE id = $1`, [feedRunId]);
  return (rows[0]?.warnings ?? []).filter((text) => text.includes(': photo '));
}
