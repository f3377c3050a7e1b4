import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../../lib/i18n.ts';
import { usePremiumCatalogue } from '../api.ts';
import { formatNumber } from '../format.ts';

/**
 * "400 Words" / "13,000 Words": a word pack's size, counted by the server (GET premium/plans/),
 * never written into the interface. Nothing while it loads or if it cannot be loaded.
 */
export function WordPackLabel({ pack }: { pack: 'free' | 'premium' }) {
  const { t, i18n } = useTranslation(FIRST_PAGE_TEXTS);
  const catalogue = usePremiumCatalogue();
  if (catalogue.isPending) return <Skeleton variant="text" width={90} sx={{ display: 'inline-block' }} />;
  if (!catalogue.data) return null;
  const count = pack === 'free' ? catalogue.data.packs.free_words : catalogue.data.packs.all_words;
  return <>{t('premium.wordPack', { count, words: formatNumber(count, i18n.language) })}</>;
}
