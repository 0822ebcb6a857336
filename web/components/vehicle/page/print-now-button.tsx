'use client';

/** Opens the browser's print dialog for the printable page. */
export function PrintNowButton() {
  return (
    <button type="button" className="button button-primary" onClick={() => window.print()}>
      Print this page
    </button>
  );
}
