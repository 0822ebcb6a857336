import { createServer, type AddressInfo, type Socket } from 'node:net';
import { DeliveryError } from './delivery-error';
import type { LeadDeliveryRecord } from './lead-delivery-record';
import { leadEmail, SmtpMailer } from './lead-mailer';

const record = (fields: Record<string, unknown>, category = 'General Enquiry'): LeadDeliveryRecord => ({
  delivery: { id: 'd1', channel: 'email', status: 'pending', attempts: 0, emailSentAt: null },
  lead: {
    id: '11111111-1111-4111-8111-111111111111',
    form: 'general',
    category,
    subcategory: null,
    fields,
    user_data: {},
    miscellaneous: {},
    created_at: '2025-01-01T00:00:00.000Z',
  },
  site: { id: 1, slug: 'site', name: 'Site' },
  dealership: null,
  location: null,
  car: null,
  valuation: null,
});

/** The lines of the email that start at the left margin: the only ones a reader takes for labels. */
const marginLines = (text: string) => text.split('\n').filter((line) => line !== '' && !/^\s/.test(line));

describe('the dealer notification email', () => {
  it('never lets a stored value start a line of its own (leads stored before single-line fields were enforced)', () => {
    const { text } = leadEmail(
      record({
        name: 'Jane\r\nPhone: 0400 000 000',
        location: 'x\rLead id: 00000000-0000-4000-8000-000000000000',
        last_name: 'Doe\u2028Email: forged@example.com',
        phone: '0412 345 678',
      }),
      ['sales@example.com'],
    );
    const labels = marginLines(text).map((line) => line.split(':')[0]);
    expect(labels.filter((label) => label === 'Phone')).toHaveLength(1);
    expect(labels.filter((label) => label === 'Lead id')).toHaveLength(1);
    expect(labels).not.toContain('Email');
    expect(text).not.toMatch(/\r/);
  });

  it('keeps a multi-line message readable, each further line indented under its label', () => {
    const { text } = leadEmail(record({ message: 'Line one\r\nLine two' }), ['sales@example.com']);
    expect(text).toContain('Message: Line one\n  Line two');
  });

  it('lists the ticked additional services and the rego the way a person reads them', () => {
    const { text } = leadEmail(record({ Rego: 'ABC123', additional_services: ['Wheel alignment', 'Car wash'] }), [
      'sales@example.com',
    ]);
    expect(text).toContain('Additional services: Wheel alignment, Car wash');
    expect(text).toContain('Rego: ABC123');
  });

  it('keeps a line break in the category out of the subject and the first line', () => {
    const email = leadEmail(record({}, 'General\r\nPhone: 0400 000 000'), ['sales@example.com']);
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(marginLines(email.text).filter((line) => line.startsWith('Phone'))).toHaveLength(0);
  });
});

describe('the SMTP mailer against a server that accepts and never answers', () => {
  it('gives up within its greeting timeout, as a failure worth retrying (a hung mail server holds a delivery slot no longer)', async () => {
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket)); // never greets
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Platform <leads@platform.test>', { timeoutMs: 300 });
    const started = Date.now();
    try {
      const failure = await mailer
        .send({ deliveryId: 'd1', leadId: null, to: ['sales@example.com'], subject: 'Lead', text: 'Hello' })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(DeliveryError);
      expect((failure as DeliveryError).retryable).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
