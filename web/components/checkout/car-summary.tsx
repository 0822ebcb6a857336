import styles from './checkout.module.css';

export interface CarSummaryProps {
  title: string;
  image: string | null | undefined;
  priceText: string | null | undefined;
  location: string | null | undefined;
  deposit?: number;
  children?: React.ReactNode;
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-AU')}`;

/** The car being reserved: photo, title, price, location and the deposit. */
export function CarSummary({ title, image, priceText, location, deposit, children }: CarSummaryProps) {
  return (
    <section className={styles.summary} aria-labelledby="checkout-car">
      {image && <img src={image} alt="" width={480} height={320} />}
      <h2 id="checkout-car">{title}</h2>
      <dl className={styles.facts}>
        {priceText && (
          <>
            <dt>Price</dt>
            <dd>{priceText}</dd>
          </>
        )}
        {location && (
          <>
            <dt>Location</dt>
            <dd>{location}</dd>
          </>
        )}
        {deposit !== undefined && (
          <>
            <dt>Deposit</dt>
            <dd>{dollars(deposit)}</dd>
          </>
        )}
      </dl>
      {children}
    </section>
  );
}
