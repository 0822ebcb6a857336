import { videoSlide } from '@platform/domain';
import { contentSecurityPolicy } from './security-headers';

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
