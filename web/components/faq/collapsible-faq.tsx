'use client';

import { useId, useState } from 'react';
import styles from './faq.module.css';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Collapsible FAQ (spec 001 screen 11): a header click opens or closes its answer with a 300 ms animation. */
export function CollapsibleFaq({ items, title }: { items: FaqItem[]; title: string }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <section className={styles.faq} aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>{title}</h2>
      {items.map((item, index) => {
        const expanded = open.has(index);
        return (
          <div key={item.question} className={styles.item}>
            <h3 className={styles.question}>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`${baseId}-answer-${index}`}
                onClick={() => toggle(index)}
                className={styles.header}
              >
                {item.question}
                <span aria-hidden="true" className={styles.icon} />
              </button>
            </h3>
            <div id={`${baseId}-answer-${index}`} className={styles.answer} data-open={expanded} inert={!expanded}>
              <div className={styles.answerInner}>
                <p>{item.answer}</p>
              </div>
            </div>
          </div>
        );
      })}
    </section>
  );
}
