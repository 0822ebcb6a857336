import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFound() {
  return (
    <main id="main" className="container" style={{ paddingBlock: '4rem', textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p>The page you were looking for does not exist or has moved.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
