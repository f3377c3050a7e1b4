import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sendEvent } from '../../events/index.ts';
import { currentItem, type SessionDispatch, type SessionState } from '../session.ts';
import { useGlobalKeys } from '../use-global-keys.ts';
import { WordHeading } from './word-heading.tsx';

/** Sort phase: "I know it" (K) or "Learn it" (L) for each word. */
export function SortCard({ state, dispatch }: { state: SessionState; dispatch: SessionDispatch }) {
  const { t } = useTranslation();
  const item = currentItem(state)!;
  useEffect(() => sendEvent('display_card', { voca_id: item.id }), [item.id]);
  useGlobalKeys((event) => {
    if (event.key === 'k' || event.key === 'K' || event.key === 'ArrowRight') dispatch({ type: 'know' });
    if (event.key === 'l' || event.key === 'L' || event.key === 'ArrowLeft') dispatch({ type: 'learn' });
  });
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{t('study.sortHelp')}</Typography>
      <WordHeading word={item.word} />
      <Typography color="text.secondary">
        {item.word.pos}
        {item.word.ipa ? ` · ${item.word.ipa}` : ''}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" size="large" onClick={() => dispatch({ type: 'learn' })}>
          {t('study.learnIt')} (L)
        </Button>
        <Button variant="contained" size="large" onClick={() => dispatch({ type: 'know' })}>
          {t('study.knowIt')} (K)
        </Button>
      </Stack>
    </Stack>
  );
}
