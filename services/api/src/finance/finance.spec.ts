import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { YouxQuoteRequestSchema } from '@platform/domain';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { HttpQuoteProvider, QuoteServiceError } from './quote-provider';

const BODY = {
  selfAssessedCreditScore: 'GREAT',
  purchasePrice: 30000,
  loanTerm: 5,
  year: 2023,
  vin: null,
  nvic: null,
  whoIsHelping: '',
};

describe('POST /api/youx/quote (real PostgreSQL and Redis, built-in provider)', () => {
  let h: SiteApiHarness;
  const quote = (body: unknown, site = h.siteSlug) =>
    h
      .http()
      .post(`/api/youx/quote?site=${site}`)
      .send(body as object);

  beforeAll(async () => {
    h = await createSiteApiHarness('finance', {
      siteConfig: {
        finance: { quote_service_enabled: true, quote_advertised_rate: 6.29, quote_establishment_fee: 1300 },
      },
    });
    await h.db.dataSource.query(`INSERT INTO sites (slug, name) VALUES ('no-quotes', 'No Quotes')`);
  });

  afterAll(async () => {
    await h?.close();
  });

  it("quotes from the site's rates: weekly amount in whole dollars, comparison rate including fees", async () => {
    const res = await quote(BODY).expect(200);
    expect(res.body).toEqual({
      weeklyRepaymentAmount: expect.any(Number),
      comparisonRate: expect.any(Number),
      advertisedRate: 6.29,
    });
    // $31,300 financed (fee included) at 6.29% over 260 weeks is $140.38 a week, rounded up to whole dollars.
    expect(res.body.weeklyRepaymentAmount).toBe(141);
    expect(res.body.comparisonRate).toBeGreaterThan(6.29);
    expect(res.body.comparisonRate).toBeLessThan(9);
  });

  it('fills the specification defaults (GREAT, 5 years, no helper)', async () => {
    const { body } = await quote({ purchasePrice: 30000, year: 2023 }).expect(200);
    expect(body.weeklyRepaymentAmount).toBe(141);
  });

  it('answers 422 with no quote for a price of 0 or less', async () => {
    const res = await quote({ ...BODY, purchasePrice: 0 }).expect(422);
    expect(res.body).toMatchObject({
      title: 'No quote',
      errors: [{ path: 'purchasePrice', message: 'Use a purchase price above 0' }],
    });
  });

  it('refuses a bad body naming each field', async () => {
    const res = await quote({ ...BODY, selfAssessedCreditScore: 'POOR', loanTerm: 9, colour: 'red' }).expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'selfAssessedCreditScore', message: "selfAssessedCreditScore must be 'GREAT'" },
        { path: 'loanTerm', message: 'loanTerm must be at most 7 years' },
        { path: 'colour', message: "Unknown field 'colour': remove it or check its spelling" },
      ]),
    );
  });

  it('needs a site that offers quotes', async () => {
    const missing = await h.http().post('/api/youx/quote').send(BODY).expect(400);
    expect(missing.body.errors[0].path).toBe('site');
    await quote(BODY, 'no-such-site').expect(404);
    const off = await quote(BODY, 'no-quotes').expect(404);
    expect(off.body.title).toBe('No quote service');
  });
});

describe('HttpQuoteProvider against a local stand-in for the partner service', () => {
  let server: Server;
  let url: string;
  let answer: { status: number; body: unknown };
  let received: { authorization?: string; body: unknown } | null = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received = { authorization: req.headers.authorization, body: JSON.parse(raw) };
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quote`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const request = YouxQuoteRequestSchema.parse(BODY);

  it('posts the specification body with the token and reads the three figures', async () => {
    answer = {
      status: 200,
      body: { weeklyRepaymentAmount: 139, comparisonRate: 8.19, advertisedRate: 6.29, extra: 'ignored' },
    };
    await expect(new HttpQuoteProvider(url, 'partner-token').quote(request)).resolves.toEqual({
      weeklyRepaymentAmount: 139,
      comparisonRate: 8.19,
      advertisedRate: 6.29,
    });
    expect(received).toEqual({ authorization: 'Bearer partner-token', body: BODY });
  });

  it('never calls the partner for a price of 0', async () => {
    received = null;
    await expect(new HttpQuoteProvider(url, undefined).quote({ ...request, purchasePrice: 0 })).resolves.toBeNull();
    expect(received).toBeNull();
  });

  it('reports a non-OK answer, an unexpected shape and an unreachable service as QuoteServiceError', async () => {
    answer = { status: 503, body: {} };
    await expect(new HttpQuoteProvider(url, undefined).quote(request)).rejects.toThrow(
      new QuoteServiceError('quote service answered 503'),
    );
    answer = { status: 200, body: { weekly: 1 } };
    await expect(new HttpQuoteProvider(url, undefined).quote(request)).rejects.toThrow(
      'quote service answered an unexpected shape',
    );
    await expect(new HttpQuoteProvider('http://127.0.0.1:9/quote', undefined).quote(request)).rejects.toThrow(
      /unreachable/,
    );
  });
});
