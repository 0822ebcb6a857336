import { localChatProvider, smsHref, widgetChatProvider, type ChatContext, type ChatWidgetApi } from './chat-provider';

const context: ChatContext = {
  siteSlug: 'a-site',
  path: '/cars/x',
  message: "I'm interested in the 2021 Toyota RAV4",
  messageHref: '#enquiry',
  smsNumber: '03 9000 1234',
};

describe('chat providers', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('the local chat shows its panel for the context', async () => {
    const shown: ChatContext[] = [];
    expect(await localChatProvider((c) => shown.push(c)).open(context)).toBe(true);
    expect(shown).toEqual([context]);
  });

  it('a widget loads its script on open, then is asked to open with the page and first message', async () => {
    const loaded: string[] = [];
    const opened: unknown[] = [];
    const api: ChatWidgetApi = { open: (c) => void opened.push(c) };
    const provider = widgetChatProvider('https://chat.example.com/widget.js', {
      load: async (url) => void loaded.push(url),
      widget: () => api,
    });
    expect(loaded).toEqual([]); // nothing loads with the page
    expect(await provider.open(context)).toBe(true);
    expect(loaded).toEqual(['https://chat.example.com/widget.js']);
    expect(opened).toEqual([{ siteSlug: 'a-site', path: '/cars/x', message: context.message }]);
  });

  it.each([
    ['the script fails to load', { load: () => Promise.reject(new Error('blocked')), widget: () => undefined }],
    ['the script defines no widget', { load: () => Promise.resolve(), widget: () => undefined }],
    ['the script never answers', { load: () => new Promise<void>(() => undefined), widget: () => undefined }],
    [
      'the widget throws',
      {
        load: () => Promise.resolve(),
        widget: () => ({
          open: () => {
            throw new Error('boom');
          },
        }),
      },
    ],
  ])('answers false, so the local chat stands in, when %s', async (_, options) => {
    const provider = widgetChatProvider('https://chat.example.com/widget.js', { ...options, timeoutMs: 20 });
    expect(await provider.open(context)).toBe(false);
  });
});

describe('smsHref', () => {
  it('texts the digits with the first message as the body', () => {
    expect(smsHref('(03) 9000 1234', "Hi, it's about the RAV4 & more")).toBe(
      "sms:0390001234?&body=Hi%2C%20it's%20about%20the%20RAV4%20%26%20more",
    );
    expect(smsHref('+61 3 9000 1234', 'x')).toBe('sms:+61390001234?&body=x');
  });

  it('is null when there is nothing to text', () => {
    expect(smsHref(null, 'x')).toBeNull();
    expect(smsHref('TBA', 'x')).toBeNull();
    expect(smsHref('13', 'x')).toBeNull();
  });
});
