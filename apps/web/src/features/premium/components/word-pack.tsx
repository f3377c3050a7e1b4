import Skeleton from '@mui/material/Skeleton';
import { AfterTakeover } from '../../../components/after-takeover.tsx';
import { lazyWithQueries } from '../../../lib/lazy-with-queries.tsx';

const WordPackCount = lazyWithQueries(() => import('./word-pack-count.tsx').then((module) => module.WordPackCount));

/**
 * "400 Words" / "13,000 Words": a word pack's size, counted by the server (GET premium/plans/),
 * never written into the interface. On the landing page, a first page, it is asked for once the app
 * has taken the page over (decision 040).
 */
export function WordPackLabel({ pack }: { pack: 'free' | 'premium' }) {
  const loading = <Skeleton variant="text" width={90} sx={{ display: 'inline-block' }} />;
  return (
    <AfterTakeover fallback={loading}>
      <WordPackCount pack={pack} loading={loading} />
    </AfterTakeover>
  );
}
