import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ProgressLine } from '../../components/progress-line.tsx';
import { useProvenIds, useRecordIds } from './api.ts';
import { knownAmount, progressPercent } from './progress.ts';

/**
 * A list's (or category's) progress told honestly (decision 020): the spec's bar of words marked
 * known, and under it how many of them the learner said they know and how many they proved in practice.
 */
export function WordProgress({ lexicon, quantity }: { lexicon: string; quantity: number }) {
  const { t } = useTranslation();
  const knownIds = useRecordIds('known').ids;
  const known = knownAmount(lexicon, knownIds);
  const proven = knownAmount(lexicon, useProvenIds().ids);
  return (
    <div>
      <ProgressLine value={progressPercent(lexicon, quantity, knownIds)} label={t('progress.markedKnownLabel')} />
      <Typography variant="caption" color="text.secondary" component="p" data-testid="word-progress">
        {t('progress.markedKnownOf', { known, count: quantity })} · {t('progress.proven', { count: proven })}
      </Typography>
    </div>
  );
}
