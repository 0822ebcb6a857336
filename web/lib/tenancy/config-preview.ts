import { NextResponse, type NextRequest } from 'next/server';
import { PREVIEW_COOKIE, PREVIEW_PATH } from '@platform/domain';
import { PERSONAL_HEADERS } from './dealer-console';

/** How long the browser keeps a preview: as long as the link works (the api refuses it after). */
const PREVIEW_MAX_AGE_SECONDS = 8 * 3600;

export const isPreviewPath = (pathname: string): boolean =>
  pathname === PREVIEW_PATH || pathname === `${PREVIEW_PATH}/exit`;

/**
 * A preview link (/_preview?token=...) from the site editor: keeps the token in a cookie of this
 * host alone and opens the home page, which then shows the draft; /_preview/exit forgets it. The
 * token is checked by the api on every page, so a stale or forged one shows the live site.
 */
export function previewLinkResponse(request: NextRequest, pathname: string): NextResponse {
  const response = NextResponse.redirect(new URL('/', request.nextUrl), 303);
  for (const [name, value] of Object.entries(PERSONAL_HEADERS)) response.headers.set(name, value);
  const token = request.nextUrl.searchParams.get('token') ?? '';
  if (pathname === PREVIEW_PATH && /^[A-Za-z0-9_-]{20,100}$/.test(token))
    response.cookies.set(PREVIEW_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: PREVIEW_MAX_AGE_SECONDS,
      secure: request.nextUrl.protocol === 'https:',
    });
  else response.cookies.delete(PREVIEW_COOKIE);
  return response;
}

/** Whether the request is a preview's: its pages are the holder's alone, never kept nor indexed. */
export const isPreviewRequest = (request: NextRequest): boolean => Boolean(request.cookies.get(PREVIEW_COOKIE)?.value);
