'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  frameAngle,
  hotspotsAt,
  SPIN_AUTOROTATE_MS,
  spinFrameAfterDrag,
  wrapIndex,
  type Hotspot,
} from '@platform/domain';
import { imageUrl } from '@/lib/media/image-url';
import styles from './gallery.module.css';

/**
 * The 360 spin (spec 000 §4, §9): drag turns one frame per 20 px, autorotate advances a frame every
 * 100 ms until the shopper takes over, and exterior hotspots show at their positions for the frame's
 * angle. A frame that fails to load is logged only (spec 000 §8).
 */
export function SpinViewer({ name, frames, hotspots }: { name: string; frames: string[]; hotspots: Hotspot[] }) {
  const [frame, setFrame] = useState(0);
  const [rotating, setRotating] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const count = frames.length;

  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = setInterval(() => setFrame((current) => wrapIndex(current, 1, count)), SPIN_AUTOROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  if (count === 0) return null;
  const angle = frameAngle(frame, count);
  const placed = rotating ? [] : hotspotsAt(hotspots, angle, 360 / count);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    setRotating(false);
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setFrame(spinFrameAfterDrag(drag.current.frame, event.clientX - drag.current.x, count));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    setRotating(false);
    setFrame((current) => wrapIndex(current, event.key === 'ArrowRight' ? 1 : -1, count));
  };

  return (
    <div className={styles.spinWrap}>
      <div
        className={styles.spin}
        role="img"
        aria-label={`${name}, 360 degree view at ${Math.round(angle)} degrees. Drag or use the arrow keys to turn.`}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="spin-viewer"
        data-frame={frame}
      >
        <img
          className={styles.image}
          src={imageUrl(frames[frame] as string, { width: 800, crop: false })}
          width={800}
          height={600}
          alt=""
          draggable={false}
          onError={() => console.warn(`[vehicle] spin frame ${frame} failed to load`)} // eslint-disable-line no-console
        />
        {placed.map((spot) => (
          <button
            key={spot.id}
            type="button"
            className={styles.hotspot}
            style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
            aria-expanded={open === spot.id}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => setOpen(open === spot.id ? null : spot.id)}
          >
            <span className="visually-hidden">{spot.description || 'Feature'}</span>
            {open === spot.id && <span className={styles.hotspotNote}>{spot.description}</span>}
          </button>
        ))}
      </div>
      <button type="button" className={styles.mode} onClick={() => setRotating((r) => !r)} aria-pressed={rotating}>
        {rotating ? 'Stop rotating' : 'Rotate'}
      </button>
    </div>
  );
}
