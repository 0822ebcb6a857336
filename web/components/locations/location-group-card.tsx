'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LocationView } from '@/lib/locations/location-view';
import type { EnquiryFormSetup } from './enquiry-setup';
import { LocationDetails } from './location-details';
import { LocationMap } from './location-map';
import { SendEnquiry } from './send-enquiry';
import styles from './locations.module.css';

export interface LocationTabView {
  type: string;
  label: string;
  locations: LocationView[];
}

interface LocationGroupCardProps {
  name: string;
  tabs: LocationTabView[];
  /** All tabs side by side instead of one at a time. */
  showAllTabs: boolean;
  /** Buttons: per type ('Contact Us', 'Book a Service', 'Parts Enquiry') or one 'Send Enquiry' modal. */
  buttons: 'contact_and_service' | 'send_enquiry';
  enquiry: EnquiryFormSetup;
}

/**
 * One dealership on the locations list (spec 000 screen 1): a tab per location type following the
 * ARIA tabs pattern (arrow keys, Home, End). The list page gives each card a key made of its
 * locations, so a changed list mounts a new card and the selected tab is back on the first.
 */
export function LocationGroupCard({ name, tabs, showAllTabs, buttons, enquiry }: LocationGroupCardProps) {
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const headingId = `${baseId}-heading`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? selected === last
          ? 0
          : selected + 1
        : event.key === 'ArrowLeft'
          ? selected === 0
            ? last
            : selected - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  const panel = (tab: LocationTabView, headingLevel: 3 | 4) => (
    <ul className={styles.tabLocations}>
      {tab.locations.map((location) => (
        <li key={location.id} className={styles.tabLocation}>
          <LocationDetails location={location} headingLevel={headingLevel} />
          <LocationMap location={location} />
          {/* A div, not a p: Send Enquiry renders its dialog here, and a dialog inside a p is invalid HTML
              that the browser moves out, so React's hydration would not match. */}
          <div className={styles.actions}>
            {buttons === 'send_enquiry' ? (
              <SendEnquiry locationId={location.id} locationName={location.name} setup={enquiry} />
            ) : (
              <a href={location.action.href} className="button button-primary">
                {location.action.label}
                <span className="visually-hidden"> at {location.name}</span>
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );

  return (
    <article className={styles.groupCard} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.groupName}>
        {name}
      </h2>
      {showAllTabs ? (
        <div className={styles.sideBySide}>
          {tabs.map((tab) => (
            <section key={tab.type} aria-label={`${name} ${tab.label}`} className={styles.column}>
              <h3 className={styles.columnTitle}>{tab.label}</h3>
              {panel(tab, 4)}
            </section>
          ))}
        </div>
      ) : (
        <>
          <div role="tablist" aria-label={`${name} locations`} className={styles.tablist} onKeyDown={onKeyDown}>
            {tabs.map((tab, index) => (
              <button
                key={tab.type}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${index}`}
                aria-selected={index === selected}
                aria-controls={`${baseId}-panel-${index}`}
                tabIndex={index === selected ? 0 : -1}
                className={styles.tab}
                onClick={() => setSelected(index)}
              >
                {tab.label}
              </button>
            ))}
          </div>
          {tabs.map((tab, index) => (
            <div
              key={tab.type}
              role="tabpanel"
              id={`${baseId}-panel-${index}`}
              aria-labelledby={`${baseId}-tab-${index}`}
              hidden={index !== selected}
              className={styles.panel}
            >
              {panel(tab, 3)}
            </div>
          ))}
        </>
      )}
    </article>
  );
}
