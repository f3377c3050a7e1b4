import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../../lib/i18n.ts';
import { usePremiumCatalogue } from '../api.ts';
import { formatNumber } from '../format.ts';

/** WordPackLabel's text, from GET premium/plans/: `loading` while it loads, nothing if it cannot be loaded. */
export function WordPackCount({ pack, loading }: { pack: 'free' | 'premium'; loading: ReactNode }) {
  const { t, i18n } = useTranslation(FIRST_PAGE_TEXTS);
  const catalogue = usePremiumCatalogue();
  if (catalogue.isPending) return loading;
  if (!catalogue.data) return null;
  const count = pack === 'free' ? catalogue.data.packs.free_words : catalogue.data.packs.all_words;
  return <>{t('premium.wordPack', { count, words: formatNumber(count, i18n.language) })}</>;
}
