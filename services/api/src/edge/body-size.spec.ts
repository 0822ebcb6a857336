import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

/**
 * A body announced larger than its endpoint takes is refused from the Content-Length header alone:
 * the client gets its 413 without sending the body, and the api never reads a byte more of it.
 */
describe('bodies announced over the limit (real api)', () => {
  let h: SiteApiHarness;
  let server: Server;

  beforeAll(async () => {
    h = await createSiteApiHarness('bodysize');
    // The app's own handler on a port of our own, so the test can speak raw HTTP to it.
    server = createServer(h.app.getHttpAdapter().getInstance());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await h?.close();
  });

  /** Sends the head and the first bytes of a body, then waits: what arrives is answered from the header. */
  const answerWithoutBody = (path: string, length: number): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      let answer = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer to ${path} before the body was sent (got: ${JSON.stringify(answer)})`));
      }, 3_000);
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
        if (answer.includes('\r\n\r\n') && answer.includes('}')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(answer);
        }
      });
      socket.on('error', reject);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"form":"general","message":"`,
      );
    });

  it.each([
    ['a lead (LEAD_MAX_BYTES, 32 kB)', () => `/api/sites/${h.siteSlug}/leads`, 2_000_000],
    ['a valuation save (LEAD_MAX_BYTES)', () => '/api/miscellaneous', 40_000],
    ['a site valuation save (LEAD_MAX_BYTES)', () => `/api/sites/${h.siteSlug}/miscellaneous`, 40_000],
    ['any other JSON endpoint (1 MB)', () => `/api/sites/${h.siteSlug}/search`, 2_000_000],
  ])('answers %s with 413 problem details before the body is sent', async (_what, path, length) => {
    const answer = await answerWithoutBody(path(), length);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(answer).toContain('"status":413');
  });

  it('still takes a body within the limit', async () => {
    await h
      .http()
      .post(`/api/sites/${h.siteSlug}/search`)
      .send({ query: 'x'.repeat(100) })
      .expect(200);
  });
});
