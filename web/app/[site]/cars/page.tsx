import { permanentRedirect } from 'next/navigation';
import { ROUTES } from '@/lib/routes';

/** /cars (and /cars/) names no car: the shopper wanted the stock, so send them to the default search page. */
export default function CarsIndexRoute(): never {
  permanentRedirect(ROUTES.searchAll);
}
