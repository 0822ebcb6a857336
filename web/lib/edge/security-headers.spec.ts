import { videoSlide } from '@platform/domain';
import { chatOriginsOf, contentSecurityPolicy } from './security-headers';

const policy = (frameHosts: string[] = []) =>
  contentSecurityPolicy({
    nonce: 'n',
    imageHosts: [],
    frameHosts,
    frameAncestors: [],
    development: false,
    hstsMaxAgeSeconds: 0,
    https: true,
  });

describe('contentSecurityPolicy', () => {
  it('lets every video the vehicle page would embed be framed, and nothing else by default', () => {
    const frameSrc = policy()
      .split('; ')
      .find((directive) => directive.startsWith('frame-src'));
    for (const url of [
      'https://www.youtube.com/embed/abc',
      'https://youtube-nocookie.com/embed/abc',
      'https://player.vimeo.com/video/1',
      'https://fast.wistia.net/embed/iframe/x',
      'https://dailymotion.com/embed/video/x',
    ]) {
      const slide = videoSlide(url);
      expect(slide?.kind).toBe('embed');
      expect(frameSrc?.split(' ')).toContain(new URL(url).origin);
    }
    expect(frameSrc).toContain('https://www.google.com');
    expect(frameSrc).not.toContain('https://evil.example');
    expect(policy(['https://tours.example.com']).includes('https://tours.example.com')).toBe(true);
  });
});

describe("a site's chat widget in its CSP", () => {
  const withChat = (chatOrigins?: string[]) =>
    contentSecurityPolicy({
      nonce: 'n',
      imageHosts: [],
      frameHosts: [],
      frameAncestors: [],
      development: false,
      hstsMaxAgeSeconds: 0,
      https: true,
      chatOrigins,
    });
  const directive = (policy: string, name: string) =>
    policy
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ') ?? [];

  it("lets the widget's origin load its script, styles, images, calls and frames", () => {
    const policy = withChat(chatOriginsOf('https://chat.example.com/v2/widget.js?id=7'));
    for (const name of ['script-src', 'style-src', 'img-src', 'connect-src', 'frame-src'])
      expect(directive(policy, name)).toContain('https://chat.example.com');
  });

  it('a site without a widget lets no chat origin through', () => {
    const policy = withChat(chatOriginsOf(null));
    expect(policy).not.toContain('chat.example.com');
    expect(policy).toBe(withChat());
  });

  it.each([
    'http://chat.example.com/widget.js',
    'javascript:alert(1)',
    "https://chat.example.com'; script-src * ;/x.js",
    'not a url',
  ])('never writes %s into the header', (url) => {
    expect(chatOriginsOf(url)).toEqual([]);
  });
});
