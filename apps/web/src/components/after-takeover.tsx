import { Suspense, type ReactNode } from 'react';
import { useTakenOver } from '../lib/prerendered-value.ts';

/**
 * `children`, lazily loaded parts of a prerendered page that ask the server, once the app has taken
 * the page over; `fallback` in the page's HTML and until their code has arrived (decision 040).
 */
export function AfterTakeover({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const takenOver = useTakenOver();
  return <Suspense fallback={fallback}>{takenOver ? children : fallback}</Suspense>;
}
