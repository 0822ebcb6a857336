'use client';

import { useId, useState } from 'react';
import {
  addSpecialDays,
  DEPARTMENT_LABELS,
  DEPARTMENTS,
  dayLabel,
  WEEK,
  type DayHours,
  type LocationHoursDoc,
  type SpecialDay,
} from '@/lib/site-editor/hours';
import styles from './site-editor.module.css';

interface Props {
  location: { slug: string; name: string };
  value: LocationHoursDoc;
  onChange: (next: LocationHoursDoc) => void;
  /** Problems the api named under this location, by path below it ('hours.sales.monday'). */
  problems: Record<string, string[]>;
  disabled: boolean;
}

const DEFAULT_DAY = { open: '09:00', close: '17:00' } as const;

function Problem({ messages, id }: { messages: string[] | undefined; id: string }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className={styles.problem} role="alert">
      {messages.join(' ')}
    </p>
  );
}

/**
 * One location's weekly hours per department and its special days (a public holiday, Christmas
 * trading), in the shop's own wall-clock times. A range of special days is added at once.
 */
export function HoursEditor({ location, value, onChange, problems, disabled }: Props) {
  const id = useId().replace(/:/g, '');
  const [range, setRange] = useState({
    from: '',
    to: '',
    department: 'all' as SpecialDay['department'],
    closed: true,
    open: '10:00',
    close: '16:00',
  });
  const [rangeProblem, setRangeProblem] = useState<string | null>(null);

  const setDay = (department: (typeof DEPARTMENTS)[number], day: (typeof WEEK)[number], hours: DayHours) =>
    onChange({ ...value, hours: { ...value.hours, [department]: { ...value.hours[department], [day]: hours } } });

  const addRange = () => {
    const result = addSpecialDays(
      value.special_hours,
      range.from,
      range.to,
      range.department,
      range.closed ? 'closed' : { open: range.open, close: range.close },
    );
    if (!result.ok) return setRangeProblem(result.message);
    setRangeProblem(null);
    onChange({ ...value, special_hours: result.list });
  };

  return (
    <section className={styles.location} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{location.name}</h3>
      {DEPARTMENTS.filter((d) => value.hours[d]).map((department) => {
        const week = value.hours[department]!;
        return (
          <fieldset key={department} className={styles.week}>
            <legend>{DEPARTMENT_LABELS[department]} hours</legend>
            <table>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Closed</th>
                  <th scope="col">Opens</th>
                  <th scope="col">Closes</th>
                </tr>
              </thead>
              <tbody>
                {WEEK.map((day) => {
                  const hours = week[day] ?? 'closed';
                  const closed = hours === 'closed';
                  const key = `hours.${department}.${day}`;
                  // The api may name the day or one of its times ('hours.sales.monday.close').
                  const messages = Object.entries(problems)
                    .filter(([at]) => at === key || at.startsWith(`${key}.`))
                    .flatMap(([, list]) => list);
                  const problemId = `${id}-${department}-${day}-problem`;
                  const described = messages.length ? problemId : undefined;
                  const label = `${DEPARTMENT_LABELS[department]} ${dayLabel(day)}`;
                  return (
                    <tr key={day}>
                      <th scope="row">{dayLabel(day)}</th>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`${label} closed`}
                          checked={closed}
                          disabled={disabled}
                          onChange={(e) => setDay(department, day, e.target.checked ? 'closed' : { ...DEFAULT_DAY })}
                        />
                      </td>
                      <td>
                        <input
                          type="time"
                          aria-label={`${label} opens`}
                          value={closed ? '' : hours.open}
                          disabled={disabled || closed}
                          aria-invalid={described ? true : undefined}
                          aria-describedby={described}
                          onChange={(e) => !closed && setDay(department, day, { ...hours, open: e.target.value })}
                        />
                      </td>
                      <td>
                        <input
                          type="time"
                          aria-label={`${label} closes`}
                          value={closed ? '' : hours.close}
                          disabled={disabled || closed}
                          aria-invalid={described ? true : undefined}
                          aria-describedby={described}
                          onChange={(e) => !closed && setDay(department, day, { ...hours, close: e.target.value })}
                        />
                        <Problem messages={messages} id={problemId} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </fieldset>
        );
      })}
      {DEPARTMENTS.some((d) => !value.hours[d]) && !disabled && (
        <p className={styles.actions}>
          {DEPARTMENTS.filter((d) => !value.hours[d]).map((department) => (
            <button
              key={department}
              type="button"
              className={styles.secondary}
              onClick={() =>
                onChange({
                  ...value,
                  hours: {
                    ...value.hours,
                    [department]: Object.fromEntries(WEEK.slice(0, 5).map((d) => [d, { ...DEFAULT_DAY }])),
                  },
                })
              }
            >
              Add {DEPARTMENT_LABELS[department].toLowerCase()} hours
            </button>
          ))}
        </p>
      )}

      <fieldset className={styles.week}>
        <legend>Special days</legend>
        {value.special_hours.length === 0 ? (
          <p>No special days: the weekly hours apply every day.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Department</th>
                <th scope="col">Hours</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {value.special_hours.map((special, index) => {
                const key = `special_hours.${index}.date`;
                return (
                  <tr key={`${special.date}-${special.department}`}>
                    <th scope="row">{special.date}</th>
                    <td>{DEPARTMENT_LABELS[special.department]}</td>
                    <td>
                      {special.hours === 'closed' ? 'Closed' : `${special.hours.open} - ${special.hours.close}`}
                      <Problem messages={problems[key]} id={`${id}-special-${index}`} />
                    </td>
                    <td>
                      {!disabled && (
                        <button
                          type="button"
                          className={styles.secondary}
                          aria-label={`Remove ${special.date} (${DEPARTMENT_LABELS[special.department]})`}
                          onClick={() =>
                            onChange({ ...value, special_hours: value.special_hours.filter((_, i) => i !== index) })
                          }
                        >
                          Remove
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {!disabled && (
          <div className={styles.range}>
            <label>
              From
              <input type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
            </label>
            <label>
              To (optional)
              <input type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
            </label>
            <label>
              Department
              <select
                value={range.department}
                onChange={(e) => setRange({ ...range, department: e.target.value as SpecialDay['department'] })}
              >
                {(['all', ...DEPARTMENTS] as const).map((d) => (
                  <option key={d} value={d}>
                    {DEPARTMENT_LABELS[d]}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.inline}>
              <input
                type="checkbox"
                checked={range.closed}
                onChange={(e) => setRange({ ...range, closed: e.target.checked })}
              />
              Closed
            </label>
            {!range.closed && (
              <>
                <label>
                  Opens
                  <input
                    type="time"
                    value={range.open}
                    onChange={(e) => setRange({ ...range, open: e.target.value })}
                  />
                </label>
                <label>
                  Closes
                  <input
                    type="time"
                    value={range.close}
                    onChange={(e) => setRange({ ...range, close: e.target.value })}
                  />
                </label>
              </>
            )}
            <button type="button" className={styles.secondary} onClick={addRange}>
              Add special days
            </button>
            {rangeProblem && (
              <p className={styles.problem} role="alert">
                {rangeProblem}
              </p>
            )}
          </div>
        )}
      </fieldset>
    </section>
  );
}
