/**
 * Minimal HTML answers the proxy gives before any site is known (so no theme, no layout).
 */

function page(title: string, message: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1a1a1a;background:#f6f7f9}main{max-width:32rem;padding:2rem;text-align:center}h1{margin:0 0 .5rem;font-size:1.75rem}p{margin:0;color:#4a4a4a}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${message}</p>
</main>
</body>
</html>`;
}

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

/** 404 for a host no site is configured for. */
export function siteNotFoundResponse(): Response {
  return new Response(
    page('Site not found', 'There is no website at this address. Please check the address and try again.'),
    {
      status: 404,
      headers: HTML_HEADERS,
    },
  );
}

/** 404 for a path on the development index host other than the index itself. */
export function devIndexNotFoundResponse(): Response {
  return new Response(
    page('Page not found', 'This address serves only the list of sites. Open a site from <a href="/">the index</a>.'),
    {
      status: 404,
      headers: HTML_HEADERS,
    },
  );
}

/** 503 when the site cannot be looked up because the API is unavailable. */
export function siteUnavailableResponse(): Response {
  return new Response(
    page('Temporarily unavailable', 'This website is temporarily unavailable. Please try again in a moment.'),
    {
      status: 503,
      headers: { ...HTML_HEADERS, 'retry-after': '30' },
    },
  );
}
