import type { ReactNode } from 'react';
import { LeadForm, type LeadFormProps } from '@/components/forms/lead-form';
import styles from './pages.module.css';

/** A page around one shopper form: its heading, optional intro, the form, and content after it. */
export function FormPage({
  title,
  intro,
  form,
  children,
}: {
  title: string;
  intro?: ReactNode;
  form: LeadFormProps;
  children?: ReactNode;
}) {
  return (
    <div className={`container ${styles.page}`}>
      <h1>{title}</h1>
      {intro}
      <div className={styles.formWrap}>
        <LeadForm {...form} />
      </div>
      {children}
    </div>
  );
}
