import fc from 'fast-check';
import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { LeadsSchema, ReplyTemplateSchema } from '../site-config/site-config.schema';
import {
  acknowledgesForm,
  REPLY_MERGE_FIELDS,
  renderReply,
  replyMergeValues,
  signedSms,
  smsReplyNumber,
  smsReplyRefusal,
  unknownMergeFields,
  type ReplyMergeField,
} from './lead-replies';

const CONTEXT = {
  form: 'vehicle',
  fields: { name: ' Maria ', last_name: 'Nguyen', phone: '0412 345 678', sms_ok: true },
  car: '2021 Isuzu D-MAX SX',
  carLink: 'https://werribee.example/cars/2021-isuzu-d-max-sx-123',
  dealership: 'Werribee Isuzu UTE',
  dealershipPhone: '+61 3 9000 1234',
  location: 'Werribee',
  salesperson: 'Sam Sales',
};

describe('renderReply', () => {
  it('fills every merge field of a template from the lead', () => {
    const text = renderReply(
      'Hi {{first_name}},\n\nThe {{ car }} is here: {{car_link}}\nCall {{dealership_phone}}.\n{{salesperson}}, {{dealership}}',
      replyMergeValues(CONTEXT),
    );
    expect(text).toBe(
      'Hi Maria,\n\nThe 2021 Isuzu D-MAX SX is here: https://werribee.example/cars/2021-isuzu-d-max-sx-123\nCall 03 9000 1234.\nSam Sales, Werribee Isuzu UTE',
    );
  });

  it('leaves out a line whose field has nothing to fill it, and closes up the blank lines around it', () => {
    const values = replyMergeValues({ ...CONTEXT, form: 'finance', car: null, carLink: null });
    const text = renderReply('Hi {{first_name}},\n\nAbout {{enquiry}}.\n\nSee it: {{car_link}}\n\nRegards', values);
    expect(text).toBe('Hi Maria,\n\nAbout your finance enquiry.\n\nRegards');
  });

  it('keeps an unknown field as written rather than guess, and the configuration refuses it', () => {
    expect(renderReply('Hi {{firstname}}', replyMergeValues(CONTEXT))).toBe('Hi {{firstname}}');
    expect(unknownMergeFields('Hi {{firstname}} {{ car }} {{firstname}} {{}}')).toEqual(['firstname', '']);
    const template = { key: 'x', name: 'X', subject: 'Hi', email: 'Hi {{firstname}}', sms: null, acknowledge: false };
    const parsed = ReplyTemplateSchema.safeParse(template);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['email']);
    expect(parsed.error?.issues[0]?.message).toMatch(/\{\{firstname\}\} is not a merge field/);
  });

  it('greets by the first word of a single Name box, and by the first name where the form asks both', () => {
    const single = replyMergeValues({ ...CONTEXT, fields: { name: 'Maria Nguyen' } });
    expect([single.first_name, single.name]).toEqual(['Maria', 'Maria Nguyen']);
    const both = replyMergeValues({ ...CONTEXT, fields: { name: 'Mary Ann', last_name: 'Lee' } });
    expect([both.first_name, both.name]).toEqual(['Mary Ann', 'Mary Ann Lee']);
    expect(replyMergeValues({ ...CONTEXT, fields: {} }).first_name).toBe('');
  });

  it('never lets a value break a line: a shopper who typed a line break into their name stays on one line', () => {
    const values = replyMergeValues({ ...CONTEXT, fields: { name: 'Maria\nLead id: 1' } });
    expect(renderReply('Hi {{name}},', values)).toBe('Hi Maria Lead id: 1,');
  });

  it('fills any template whose fields are known, without a merge marker left behind (property)', () => {
    const field = fc.constantFrom(...(Object.keys(REPLY_MERGE_FIELDS) as ReplyMergeField[]));
    const piece = fc.oneof(
      fc.string({ maxLength: 20 }).filter((s) => !s.includes('{') && !s.includes('}')),
      field.map((name) => `{{${name}}}`),
      fc.constant('\n'),
    );
    const value = fc.option(
      fc.string({ maxLength: 30 }).filter((s) => !/[{}]/.test(s)),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.dictionary(field, value), (pieces, values) => {
        const text = renderReply(pieces.join(''), values);
        expect(text).not.toMatch(/\{\{/);
        expect(text).toBe(renderReply(pieces.join(''), values));
        expect(text).not.toMatch(/\n\n\n/);
        expect(text.endsWith('\n')).toBe(false);
      }),
    );
  });
});

describe('the shopper’s agreement to be texted', () => {
  it('offers SMS only when the shopper ticked it and gave an Australian mobile', () => {
    expect(smsReplyNumber({ sms_ok: true, phone: '0412 345 678' })).toBe('+61412345678');
    expect(smsReplyNumber({ sms_ok: true, phone: '(03) 9000 1234' })).toBeNull();
    expect(smsReplyNumber({ sms_ok: false, phone: '0412 345 678' })).toBeNull();
    expect(smsReplyNumber({ sms_ok: 'true', phone: '0412 345 678' })).toBeNull();
    expect(smsReplyNumber({ phone: '0412 345 678' })).toBeNull();
    expect(smsReplyRefusal({ phone: '0412 345 678' })).toMatch(/did not agree to be texted/);
    expect(smsReplyRefusal({ sms_ok: true, phone: '03 9000 1234' })).toMatch(/no Australian mobile/);
    expect(smsReplyRefusal({ sms_ok: true, phone: '+61 412 345 678' })).toBeNull();
  });

  it('signs a text with the dealership unless it already names it', () => {
    expect(signedSms('Hi Maria, the car is ready. ', 'Werribee Isuzu')).toBe(
      'Hi Maria, the car is ready.\nWerribee Isuzu',
    );
    expect(signedSms('Hi from werribee isuzu', 'Werribee Isuzu')).toBe('Hi from werribee isuzu');
  });
});

describe('the automatic acknowledgement', () => {
  it('answers the shopper forms, never a paid reservation (it has its own confirmation)', () => {
    expect(acknowledgesForm('vehicle')).toBe(true);
    expect(acknowledgesForm('test_drive')).toBe(true);
    expect(acknowledgesForm('reservation')).toBe(false);
    expect(acknowledgesForm('online_payment')).toBe(false);
  });

  it('is one template at most, and template keys are unique', () => {
    const templates = PLATFORM_DEFAULTS.leads.reply_templates;
    const both = templates.map((template) => ({ ...template, acknowledge: true }));
    const parsed = LeadsSchema.safeParse({ ...PLATFORM_DEFAULTS.leads, reply_templates: both });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      templates.slice(1).map((_, index) => `reply_templates.${index + 1}.acknowledge`),
    );
    const twice = [templates[0]!, { ...templates[1]!, key: templates[0]!.key }];
    const again = LeadsSchema.safeParse({ ...PLATFORM_DEFAULTS.leads, reply_templates: twice });
    expect(again.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['reply_templates.1.key']);
  });

  it('ships platform templates that read well for a lead with a car and one without', () => {
    for (const template of PLATFORM_DEFAULTS.leads.reply_templates) {
      expect(unknownMergeFields(`${template.subject}\n${template.email}\n${template.sms ?? ''}`)).toEqual([]);
      for (const context of [CONTEXT, { ...CONTEXT, form: 'finance', car: null, carLink: null }]) {
        const text = renderReply(template.email, replyMergeValues(context));
        expect(text).toMatch(/^Hi Maria,|^Hi Maria/);
        expect(text).not.toMatch(/\{\{| {2}|about \.|the \./);
      }
    }
  });
});
