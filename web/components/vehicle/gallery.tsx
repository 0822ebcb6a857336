'use client';

import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type TouchEvent,
} from 'react';
import {
  PRIORITY_IMAGE_COUNT,
  wrapIndex,
  type GalleryMode,
  type Hotspot,
  type StoredPhoto,
  type VideoSlide,
} from '@platform/domain';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { carPhotoAttributes } from '@/lib/media/car-photo';
import { imageUrl } from '@/lib/media/image-url';
import { ExternalSpin } from './external-spin';
import { SpinViewer } from './spin-viewer';
import styles from './gallery.module.css';

export interface GalleryImage {
  src: string;
  thumb: string | null;
  /** The stored photo of src; null while the platform has not stored it (a placeholder is drawn). */
  photo: StoredPhoto | null;
}

export interface GalleryProps {
  name: string;
  images: GalleryImage[];
  showThumbnails: boolean;
  video: VideoSlide | null;
  modes: GalleryMode[];
  initialMode: GalleryMode;
  spinImages: string[];
  hotspots: { exterior: Hotspot[]; interior: Hotspot[] };
  interiorImage: string | null;
  /** The external 360 viewer (impel flag and a spin_code): the script to load and what it is asked for. */
  externalSpin?: { scriptUrl: string; siteSlug: string; spinCode: string } | null;
}

const MODE_LABELS: Record<GalleryMode, string> = { gallery: 'Gallery', spinner: '360° Spin', interior: 'Interior' };
const MAIN_SIZES = '(min-width: 64rem) 44rem, 100vw';
/** A horizontal move of at least this many pixels, more sideways than up or down, is a swipe. */
const SWIPE_PX = 40;
/** Photos are 4:3; the box is reserved so nothing shifts as they arrive. */
const WIDTH = 800;
const HEIGHT = 600;

type Slide = { kind: 'image'; image: GalleryImage } | { kind: 'video'; video: VideoSlide };

/**
 * The vehicle page's media (spec 000 screen 4): a carousel with previous/next, the selected index,
 * thumbnails, full-screen mode with arrow keys, and the 360 spin and interior views.
 */
export function Gallery({
  name,
  images,
  showThumbnails,
  video,
  modes,
  initialMode,
  spinImages,
  hotspots,
  interiorImage,
  externalSpin = null,
}: GalleryProps) {
  const slides: Slide[] = [
    ...images.map((image) => ({ kind: 'image' as const, image })),
    ...(video ? [{ kind: 'video' as const, video }] : []),
  ];
  const [index, setIndex] = useState(0);
  // The 360 tab goes when the external viewer fails and the car has no frames of its own.
  const [spinUnavailable, setSpinUnavailable] = useState(false);
  const shownModes = spinUnavailable ? modes.filter((m) => m !== 'spinner') : modes;
  const dropSpin = useCallback(() => {
    setSpinUnavailable(true);
    setMode((current) => (current === 'spinner' ? 'gallery' : current));
  }, []);
  const [mode, setMode] = useState<GalleryMode>(initialMode);
  const [fullScreen, setFullScreen] = useState(false);
  const count = slides.length;
  const go = useCallback((step: number) => setIndex((current) => wrapIndex(current, step, count)), [count]);

  // Swipe on touch screens: remember where a single finger went down, and turn a mostly sideways
  // move into previous/next when it lifts. Vertical moves stay page scrolls.
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const swipe = {
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      const start = touchStart.current;
      const touch = event.changedTouches[0];
      touchStart.current = null;
      if (!start || !touch || count < 2) return;
      const dx = touch.clientX - start.x;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y)) go(dx < 0 ? 1 : -1);
    },
  };

  const onArrows = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <section className={styles.gallery} aria-label={`${name} photos`}>
      {shownModes.length > 1 && (
        <div className={styles.modes} role="group" aria-label="View">
          {shownModes.map((m) => (
            <button key={m} type="button" className={styles.mode} aria-pressed={mode === m} onClick={() => setMode(m)}>
              {MODE_LABELS[m]}
            </button>
          ))}
        </div>
      )}

      {mode === 'spinner' &&
        (externalSpin ? (
          <ExternalSpin
            {...externalSpin}
            name={name}
            fallback={
              spinImages.length > 0 ? <SpinViewer name={name} frames={spinImages} hotspots={hotspots.exterior} /> : null
            }
            onUnavailable={dropSpin}
          />
        ) : (
          <SpinViewer name={name} frames={spinImages} hotspots={hotspots.exterior} />
        ))}
      {mode === 'interior' && interiorImage && (
        <InteriorView name={name} src={interiorImage} hotspots={hotspots.interior} />
      )}

      {mode === 'gallery' && (
        <>
          <div
            className={styles.stage}
            role="region"
            aria-roledescription="carousel"
            aria-label={`${name} photos`}
            tabIndex={0}
            onKeyDown={onArrows}
            {...swipe}
          >
            {count === 0 ? (
              <div className={styles.noImage}>No photos yet</div>
            ) : (
              <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
                {slides.map((slide, i) => (
                  <div
                    key={i}
                    className={styles.slide}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={`${i + 1} of ${count}`}
                    inert={i !== index}
                    data-testid="gallery-slide"
                  >
                    {slide.kind === 'image' ? (
                      <Photo
                        image={slide.image}
                        role="gallery"
                        className={styles.image}
                        sizes={MAIN_SIZES}
                        width={WIDTH}
                        height={HEIGHT}
                        alt={`${name}, photo ${i + 1}`}
                        loading={i < PRIORITY_IMAGE_COUNT ? 'eager' : 'lazy'}
                        fetchPriority={i < PRIORITY_IMAGE_COUNT ? 'high' : 'low'}
                        draggable={false}
                      />
                    ) : (
                      <VideoPlayer video={slide.video} name={name} active={i === index} />
                    )}
                  </div>
                ))}
              </div>
            )}
            {count > 1 && (
              <>
                <button
                  type="button"
                  className={`${styles.arrow} ${styles.prev}`}
                  onClick={() => go(-1)}
                  aria-label="Previous photo"
                >
                  ‹
                </button>
                <button
                  type="button"
                  className={`${styles.arrow} ${styles.next}`}
                  onClick={() => go(1)}
                  aria-label="Next photo"
                >
                  ›
                </button>
              </>
            )}
            {count > 0 && (
              <p className={styles.counter} aria-live="polite" data-testid="gallery-counter">
                {index + 1} / {count}
              </p>
            )}
            {images.length > 0 && (
              <button type="button" className={styles.fullScreenButton} onClick={() => setFullScreen(true)}>
                Full screen
              </button>
            )}
          </div>

          {showThumbnails && (
            <ul className={styles.thumbs} aria-label="Thumbnails">
              {slides.map((slide, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className={styles.thumb}
                    aria-current={i === index ? 'true' : undefined}
                    aria-label={slide.kind === 'image' ? `Show photo ${i + 1}` : `Video, slide ${i + 1}`}
                    onClick={() => setIndex(i)}
                  >
                    {slide.kind === 'image' ? (
                      <Photo
                        image={slide.image}
                        role="thumbnail"
                        className={styles.thumbPhoto}
                        sizes="96px"
                        width={96}
                        height={72}
                        alt=""
                        loading="lazy"
                      />
                    ) : (
                      <span className={styles.thumbVideo}>Video</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <ModalDialog
        open={fullScreen}
        title={`${name} (${index + 1} / ${count})`}
        onClose={() => setFullScreen(false)}
        size="full"
        onKeyDown={onArrows}
      >
        <div className={styles.fullStage} data-testid="full-screen-gallery" {...swipe}>
          {slides[index]?.kind === 'image' ? (
            // Scaled to the screen whatever the photo's own size, keeping its aspect (object-fit: contain).
            <Photo
              image={(slides[index] as { image: GalleryImage }).image}
              role="fullScreen"
              className={styles.fullImage}
              sizes="100vw"
              width={WIDTH}
              height={HEIGHT}
              alt={`${name}, photo ${index + 1}`}
            />
          ) : slides[index] ? (
            <VideoPlayer video={(slides[index] as { video: VideoSlide }).video} name={name} active />
          ) : null}
          {count > 1 && (
            <>
              <button
                type="button"
                className={`${styles.arrow} ${styles.prev}`}
                onClick={() => go(-1)}
                aria-label="Previous photo"
              >
                ‹
              </button>
              <button
                type="button"
                className={`${styles.arrow} ${styles.next}`}
                onClick={() => go(1)}
                aria-label="Next photo"
              >
                ›
              </button>
            </>
          )}
        </div>
      </ModalDialog>
    </section>
  );
}

/**
 * One car photo: its stored variants (or the platform's own file), or, while the platform has not
 * stored it, a neutral box of the same size, so nothing shifts and the dealer's host is never asked.
 */
function Photo({
  image,
  role,
  className,
  alt,
  ...rest
}: {
  image: GalleryImage;
  role: 'gallery' | 'fullScreen' | 'thumbnail';
  className?: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  draggable?: boolean;
}) {
  const attributes = carPhotoAttributes(
    role === 'thumbnail' && !image.photo ? (image.thumb ?? image.src) : image.src,
    image.photo,
    role,
  );
  if (!attributes)
    return (
      <span
        className={`${className ?? ''} ${styles.placeholder}`}
        role={alt ? 'img' : undefined}
        aria-label={alt ? `${alt} (photo coming soon)` : undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="photo-placeholder"
        style={{ aspectRatio: `${rest.width} / ${rest.height}` }}
      />
    );
  return <img className={className} src={attributes.src} srcSet={attributes.srcSet} alt={alt} {...rest} />;
}

/**
 * An embed-style address plays in a frame, anything else in a plain video player (spec 000 §5).
 * The frame is drawn only once the shopper has pressed Play (VideoFacade), so it starts playing.
 */
function EmbedFrame({ src, name }: { src: string; name: string }) {
  const url = new URL(src);
  url.searchParams.set('autoplay', '1');
  return (
    <iframe
      className={styles.video}
      src={url.toString()}
      title={`${name} video`}
      allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

/**
 * Which Play button's player is on the page. A car's video is offered in the gallery (its slide,
 * also full screen) and in the key information: each is a Play button, and only the one last
 * pressed holds a player, so the page never plays (or loads) two players of one video.
 */
const playingVideo = {
  owner: null as string | null,
  listeners: new Set<() => void>(),
  set(owner: string | null) {
    playingVideo.owner = owner;
    for (const listener of playingVideo.listeners) listener();
  },
  subscribe(listener: () => void) {
    playingVideo.listeners.add(listener);
    return () => playingVideo.listeners.delete(listener);
  },
};
const currentVideoOwner = () => playingVideo.owner;
const noVideoOwner = () => null;

/**
 * A video host's player (YouTube, Vimeo) costs a phone its own page of scripts and a connection to
 * another origin, so it waits behind a button and starts playing once pressed; pressing another
 * place's button closes this one's player (playingVideo).
 */
function VideoFacade({ video, name }: { video: VideoSlide; name: string }) {
  const id = useId();
  const owner = useSyncExternalStore(playingVideo.subscribe, currentVideoOwner, noVideoOwner);
  // A slide the shopper moves away from gives its player up, so coming back offers Play again.
  useEffect(
    () => () => {
      if (playingVideo.owner === id) playingVideo.set(null);
    },
    [id],
  );
  if (owner === id) return <EmbedFrame src={video.src} name={name} />;
  return (
    // The name starts with the visible words, so voice control users can say what they see (WCAG 2.5.3).
    <button
      type="button"
      className={styles.videoFacade}
      onClick={() => playingVideo.set(id)}
      aria-label={`Play video: ${name}`}
    >
      <svg className={styles.playIcon} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="32" fill="rgb(255 255 255 / 0.9)" />
        <path d="M25 19v26l21-13z" fill="#111" />
      </svg>
      Play video
    </button>
  );
}

/** A car's video: a video host's player behind Play video (VideoFacade), any other address in a plain player. */
export function VideoPlayer({ video, name, active }: { video: VideoSlide; name: string; active: boolean }) {
  if (video.kind === 'embed')
    return active ? <VideoFacade video={video} name={name} /> : <div className={styles.video} />;
  return <video className={styles.video} src={video.src} controls preload="none" aria-label={`${name} video`} />;
}

/** The interior view: one wide panorama the shopper scrolls or drags across. */
function InteriorView({ name, src, hotspots }: { name: string; src: string; hotspots: Hotspot[] }) {
  return (
    <div className={styles.interior} tabIndex={0} role="region" aria-label={`${name} interior view`}>
      <div className={styles.interiorInner}>
        <img
          src={imageUrl(src, { width: 2400, crop: false })}
          alt={`${name} interior`}
          onError={() => {
            // eslint-disable-next-line no-console
            console.warn(`[vehicle] interior image failed to load: ${src}`);
          }}
        />
        {hotspots.map((hotspot) => {
          const position = hotspot.positions?.[0];
          return position ? (
            <span
              key={String(hotspot.id)}
              className={styles.hotspot}
              style={{ left: `${position.posX}%`, top: `${position.posY}%` }}
              title={hotspot.description ?? ''}
            >
              <span className="visually-hidden">{hotspot.description}</span>
            </span>
          ) : null;
        })}
      </div>
    </div>
  );
}
