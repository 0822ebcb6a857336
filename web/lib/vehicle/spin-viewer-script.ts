/** The platform's own viewer (web/public/spin-viewer.js), the working stand-in for an external one. */
export const LOCAL_SPIN_VIEWER_SCRIPT = '/spin-viewer.js';

/**
 * SPIN_VIEWER_SCRIPT_URL: the script of the external 360 viewer that sites with the impel flag load
 * for cars with a spin_code. Unset: the local viewer. Empty: no external viewer (the 360 tab shows
 * the car's own frames only). Only an https address or a path of this site is taken; anything else
 * reads as unset-and-invalid, which turns the viewer off rather than loading an unexpected script.
 */
export function spinViewerScriptUrl(env: Record<string, string | undefined> = process.env): string | null {
  const value = env['SPIN_VIEWER_SCRIPT_URL'];
  if (value === undefined) return LOCAL_SPIN_VIEWER_SCRIPT;
  const trimmed = value.trim();
  if (/^https:\/\/[a-z0-9.-]+(?::\d+)?\/\S*$/i.test(trimmed) || /^\/(?![/\\])\S*$/.test(trimmed)) return trimmed;
  return null;
}
