import { AfterTakeover } from '../../components/after-takeover.tsx';
import { lazyWithQueries } from '../../lib/lazy-with-queries.tsx';

const ProviderList = lazyWithQueries(() => import('./provider-list.tsx').then((module) => module.ProviderList));

/**
 * The third-party sign-ins the server offers, asked for once the app has taken the page over: the
 * sign-in page is a first page, whose HTML and first render go without them (decision 040).
 */
export function ProviderButtons({ next }: { next: string | null }) {
  return (
    <AfterTakeover>
      <ProviderList next={next} />
    </AfterTakeover>
  );
}
