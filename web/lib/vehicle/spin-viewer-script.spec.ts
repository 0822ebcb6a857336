import { LOCAL_SPIN_VIEWER_SCRIPT, spinViewerScriptUrl } from './spin-viewer-script';

describe('spinViewerScriptUrl (SPIN_VIEWER_SCRIPT_URL)', () => {
  it('is the local viewer when unset, and off when empty', () => {
    expect(spinViewerScriptUrl({})).toBe(LOCAL_SPIN_VIEWER_SCRIPT);
    expect(spinViewerScriptUrl({ SPIN_VIEWER_SCRIPT_URL: '' })).toBeNull();
  });

  it('takes an https address or a path of this site, and nothing else', () => {
    expect(spinViewerScriptUrl({ SPIN_VIEWER_SCRIPT_URL: 'https://cdn.example.com/viewer.js' })).toBe(
      'https://cdn.example.com/viewer.js',
    );
    expect(spinViewerScriptUrl({ SPIN_VIEWER_SCRIPT_URL: ' /viewers/spin.js ' })).toBe('/viewers/spin.js');
    for (const refused of [
      'http://cdn.example.com/v.js',
      '//evil.example/v.js',
      '/\\evil',
      'javascript:alert(1)',
      'v.js',
    ])
      expect(spinViewerScriptUrl({ SPIN_VIEWER_SCRIPT_URL: refused })).toBeNull();
  });
});
