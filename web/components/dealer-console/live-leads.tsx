'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { newLeadsMessage, unseenLeads } from '@/lib/dealer-console/live-leads';

/** How often the inbox asks for leads newer than the newest shown. */
export const LIVE_LEADS_POLL_MS = 15_000;

/**
 * New leads without a reload, by polling: every 15 s the inbox asks the api for leads newer than the
 * newest it shows (`GET /api/dealer/leads?after=`, one indexed query that is empty almost every
 * time), and when there are any, re-renders the list on the server (router.refresh) and says so to
 * screen readers. Polling rather than server-sent events: it needs no long-lived connection through
 * the web's proxy and the load balancer, survives a phone sleeping, and several api processes need
 * no shared channel to tell each other a lead arrived. Paused while the tab is hidden.
 */
export function LiveLeads({ query, newest, newestId }: { query: string; newest: string; newestId?: string }) {
  const router = useRouter();
  // `seq` keys the message, so a second '1 new lead' is a new line to a screen reader, not the same one.
  const [announcement, setAnnouncement] = useState({ text: '', seq: 0 });
  const newestRef = useRef(newest);
  newestRef.current = newest;
  // Leads already shown or announced: a poll that answers one again (the refresh not yet rendered,
  // or an older api) must not count it as new a second time.
  const known = useRef(new Set<string>());
  if (newestId) known.current.add(newestId);

  useEffect(() => {
    let stopped = false;
    async function poll(): Promise<void> {
      if (document.visibilityState === 'hidden') return;
      const params = new URLSearchParams(query.replace(/^\?/, ''));
      params.set('after', newestRef.current);
      params.set('limit', '100');
      try {
        const response = await fetch(`/api/dealer/leads?${params.toString()}`, {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
          cache: 'no-store',
        });
        if (stopped) return;
        // Signed out meanwhile: the next full render sends them to sign in.
        if (response.status === 401) return router.refresh();
        if (!response.ok) return;
        const { leads } = (await response.json()) as { leads: { id: string }[] };
        const fresh = unseenLeads(leads, known.current);
        // Nothing new: say nothing (an old message is cleared, never repeated) and render nothing.
        if (fresh.length === 0) return setAnnouncement((now) => (now.text ? { text: '', seq: now.seq } : now));
        for (const id of fresh) known.current.add(id);
        setAnnouncement((now) => ({ text: newLeadsMessage(fresh.length), seq: now.seq + 1 }));
        router.refresh();
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    }
    const timer = window.setInterval(() => void poll(), LIVE_LEADS_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [query, router]);

  return (
    <p role="status" aria-live="polite" className="visually-hidden">
      {announcement.text ? <span key={announcement.seq}>{announcement.text}</span> : null}
    </p>
  );
}
