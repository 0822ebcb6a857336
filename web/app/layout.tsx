import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Dealer websites',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

/** The document shell shared by the development index and every site. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <body>{children}</body>
    </html>
  );
}
