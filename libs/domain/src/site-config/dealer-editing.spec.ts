import { DEALER_EDITABLE_FIELDS, isDealerEditablePath } from './dealer-editable';
import { fieldLabel, siteConfigFormSchema } from './form-schema';
import { layerProblems } from './layer-problems';

type Node = {
  title?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
};

describe('DEALER_EDITABLE_FIELDS', () => {
  it("lists the fields the schema marks as a dealership's to change", () => {
    expect([...DEALER_EDITABLE_FIELDS].sort()).toEqual([
      'features.mcp_enabled',
      'finance.disclaimer_enabled',
      'leads.assignment',
      'leads.due_soon_minutes',
      'leads.escalate_to_owners_after_minutes',
      'leads.lost_reasons',
      'leads.notify_emails',
      'leads.reassign_after_minutes',
      'leads.reply_templates',
      'leads.response_target_minutes',
      'leads.task_reminder_minutes',
      'marketing.banners',
      'marketing.campaign',
      'marketing.claims',
      'marketing.offers',
      'marketing.popup',
      'marketing.promotions_slider',
      'phone.numbers',
      'wording.tagline',
    ]);
  });

  it.each([
    [['marketing', 'banners'], true],
    [['marketing', 'banners', '0', 'image'], true],
    [['marketing'], false],
    [['marketing', 'servicing_hero_text'], false],
    [['theme', 'primary_colour'], false],
    [[], false],
  ])('isDealerEditablePath(%j) is %s', (path, editable) => {
    expect(isDealerEditablePath(path)).toBe(editable);
  });
});

describe('fieldLabel', () => {
  it.each([
    ['notify_emails', 'Notify emails'],
    ['crm_webhook_url', 'CRM webhook URL'],
    ['teaser_excluded_dealership_ids', 'Teaser excluded dealership IDs'],
    ['tagline', 'Tagline'],
    ['mcp_enabled', 'MCP enabled'],
  ])('%s -> %s', (name, label) => expect(fieldLabel(name)).toBe(label));
});

describe('siteConfigFormSchema', () => {
  it('gives a dealer only the dealer-editable fields, every group and field optional', () => {
    const schema = siteConfigFormSchema('dealer') as Node;
    const paths = Object.entries(schema.properties!).flatMap(([group, node]) => {
      expect(node.required).toBeUndefined();
      return Object.keys(node.properties!).map((field) => `${group}.${field}`);
    });
    expect(paths.sort()).toEqual([...DEALER_EDITABLE_FIELDS].sort());
    expect(schema.required).toBeUndefined();
  });

  it('gives operators every group, with titles from names and descriptions from the schema', () => {
    const schema = siteConfigFormSchema('full') as Node;
    expect(Object.keys(schema.properties!)).toContain('theme');
    const emails = schema.properties!['leads']!.properties!['notify_emails']!;
    expect(emails.title).toBe('Notify emails');
    expect(emails.description).toBe('Addresses notified by email of every lead, as a second channel beside the CRM.');
    expect(schema.properties!['navigation']!.properties!['header']!.description).toMatch(/^Header menu/);
  });

  it('keeps titles the schema gives, such as list entries', () => {
    const marketing = (siteConfigFormSchema('dealer') as Node).properties!['marketing']!;
    expect(marketing.properties!['promotions_slider']!.items!.title).toBe('Slide');
    expect(marketing.properties!['banners']!.items!.title).toBe('Banner');
  });

  it('hands out a copy, so a caller editing it cannot change the next form', () => {
    (siteConfigFormSchema('dealer') as Node).properties!['wording']!.title = 'Changed';
    expect((siteConfigFormSchema('dealer') as Node).properties!['wording']!.title).toBe('Wording');
  });
});

describe('layerProblems', () => {
  it('accepts a valid layer of each scope', () => {
    expect(
      layerProblems('dealer', { wording: { tagline: 'Since 1962' }, leads: { notify_emails: ['a@b.com'] } }),
    ).toEqual([]);
    expect(layerProblems('full', { theme: { primary_colour: '#123456' } })).toEqual([]);
  });

  it("refuses a dealer's change to a field dealers may not edit, naming it", () => {
    expect(layerProblems('dealer', { theme: { primary_colour: '#123456' } })).toEqual([
      {
        path: ['theme', 'primary_colour'],
        message: "theme.primary_colour is not editable by a dealership; ask the platform's operators",
      },
    ]);
  });

  it('names the field of a value the schema refuses', () => {
    expect(layerProblems('full', { marketing: { banners: [{ image: 'javascript:alert(1)', alt: 'Sale' }] } })).toEqual([
      {
        path: ['marketing', 'banners', '0', 'image'],
        message: 'marketing.banners[0].image: Use a site path or an http(s) URL',
      },
    ]);
    expect(layerProblems('dealer', { leads: { notify_emails: ['not-an-address'] } })).toEqual([
      { path: ['leads', 'notify_emails', '0'], message: 'leads.notify_emails[0]: Use a valid email address' },
    ]);
  });

  it('gives each unknown setting its own path', () => {
    expect(layerProblems('full', { wording: { taglin: 'x' }, colours: {} })).toEqual([
      { path: ['wording', 'taglin'], message: 'wording.taglin: not a setting of the configuration' },
      { path: ['colours'], message: 'colours: not a setting of the configuration' },
    ]);
  });

  it('refuses a value that is not a layer at all', () => {
    expect(layerProblems('dealer', 'theme')).toHaveLength(1);
    expect(layerProblems('dealer', 'theme')[0]!.path).toEqual([]);
  });
});
