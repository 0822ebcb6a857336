'use client';

import { useState } from 'react';
import { ANALYTICS_EVENT_ATTRIBUTE, ANALYTICS_EVENTS, PRINT_PREPARING_LABEL } from '@platform/domain';
import styles from './vehicle.module.css';

/** Print as PDF (spec 000 §4, §8): 'Preparing...' with a spinner while it downloads, saved as {slug}.pdf; a failure alerts. */
export function PrintButton({ carId, carSlug }: { carId: number; carSlug: string }) {
  const [preparing, setPreparing] = useState(false);

  const download = async () => {
    setPreparing(true);
    try {
      const response = await fetch(`/api/cars/${encodeURIComponent(carSlug)}/print.pdf`);
      if (!response.ok) {
        const problem = (await response.json().catch(() => null)) as { detail?: string } | null;
        throw new Error(problem?.detail ?? `The PDF could not be prepared (${response.status}).`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${carSlug}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      window.alert((error as Error).message);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.secondaryButton}
      onClick={download}
      disabled={preparing}
      aria-busy={preparing}
      {...{ [ANALYTICS_EVENT_ATTRIBUTE]: ANALYTICS_EVENTS.printPdf }}
      data-car-id={carId}
    >
      {preparing ? (
        <>
          <span className={styles.spinner} aria-hidden="true" /> {PRINT_PREPARING_LABEL}
        </>
      ) : (
        'Print as PDF'
      )}
    </button>
  );
}
