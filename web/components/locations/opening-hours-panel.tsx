'use client';

import { useState } from 'react';
import type { HolidayHoursLine, OpeningHoursLine } from '@platform/domain';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { OpeningHoursList } from './opening-hours-list';
import styles from './locations.module.css';

export interface DepartmentPanelView {
  department: string;
  label: string;
  locationName: string;
  address: string;
  phone: string | null;
  phoneHref: string | null;
  hours: OpeningHoursLine[];
  holidays: HolidayHoursLine[];
}

/**
 * The Opening Hours panel of a location page: a department selector (sales, service, parts) that
 * switches the hours and location shown, and the holiday-hours dialog from the special hours.
 */
export function OpeningHoursPanel({ departments }: { departments: DepartmentPanelView[] }) {
  const [selected, setSelected] = useState(0);
  const [holidaysOpen, setHolidaysOpen] = useState(false);
  const current = departments[selected] ?? departments[0];
  if (!current) return null;
  return (
    <section className={styles.hoursPanel} aria-labelledby="opening-hours-title">
      <h2 id="opening-hours-title">Opening Hours</h2>
      {departments.length > 1 && (
        <fieldset className={styles.departments}>
          <legend className="visually-hidden">Department</legend>
          {departments.map((department, index) => (
            <button
              key={department.department}
              type="button"
              className={styles.department}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
            >
              {department.label}
            </button>
          ))}
        </fieldset>
      )}
      <div aria-live="polite">
        <p>
          <strong>{current.locationName}</strong>
          {current.address && (
            <>
              <br />
              {current.address}
            </>
          )}
          {current.phone && (
            <>
              <br />
              {current.phoneHref ? <a href={current.phoneHref}>{current.phone}</a> : current.phone}
            </>
          )}
        </p>
        <OpeningHoursList lines={current.hours} label={`${current.label} opening hours`} />
      </div>
      {current.holidays.length > 0 && (
        <button
          type="button"
          className={styles.linkButton}
          aria-haspopup="dialog"
          onClick={() => setHolidaysOpen(true)}
        >
          Holiday Hours
        </button>
      )}
      <ModalDialog
        open={holidaysOpen}
        onClose={() => setHolidaysOpen(false)}
        title={`Holiday Hours: ${current.locationName}`}
      >
        <table className={styles.hours}>
          <caption className="visually-hidden">{current.label} holiday hours</caption>
          <tbody>
            {current.holidays.map((line) => (
              <tr key={line.date}>
                <th scope="row">
                  <time dateTime={line.date}>{line.label}</time>
                </th>
                <td>{line.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ModalDialog>
    </section>
  );
}
