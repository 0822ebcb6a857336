import type { OpeningHoursLine } from '@platform/domain';
import styles from './locations.module.css';

/** Opening hours, one line a day, Mon-Fri folded when equal. */
export function OpeningHoursList({ lines, label }: { lines: OpeningHoursLine[]; label: string }) {
  return (
    <table className={styles.hours}>
      <caption className="visually-hidden">{label}</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row">{line.label}</th>
            <td>{line.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
