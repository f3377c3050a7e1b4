import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { partOfSpeechLabel } from '../../../lib/part-of-speech.ts';
import { sendEvent } from '../../events/index.ts';
import { currentItem, type SessionDispatch, type SessionState } from '../session.ts';
import { useGlobalKeys } from '../use-global-keys.ts';
import { WordHeading } from './word-heading.tsx';

/**
 * Sort phase: "Learn it" or "I know it" for each word. The keys are the arrows pointing at the
 * buttons (← on the left, → on the right), the same in every language (decision 019).
 */
export function SortCard({ state, dispatch }: { state: SessionState; dispatch: SessionDispatch }) {
  const { t } = useTranslation();
  const item = currentItem(state)!;
  useEffect(() => sendEvent('display_card', { voca_id: item.id }), [item.id]);
  useGlobalKeys((event) => {
    if (event.key === 'ArrowRight') dispatch({ type: 'know' });
    if (event.key === 'ArrowLeft') dispatch({ type: 'learn' });
  });
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{t('study.sortHelp')}</Typography>
      <WordHeading word={item.word} />
      <Typography color="text.secondary">
        {partOfSpeechLabel(t, item.word.pos)}
        {item.word.ipa ? ` · ${item.word.ipa}` : ''}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button
          variant="outlined"
          size="large"
          aria-keyshortcuts="ArrowLeft"
          onClick={() => dispatch({ type: 'learn' })}
        >
          <span aria-hidden>←&nbsp;</span>
          {t('study.learnIt')}
        </Button>
        <Button
          variant="contained"
          size="large"
          aria-keyshortcuts="ArrowRight"
          onClick={() => dispatch({ type: 'know' })}
        >
          {t('study.knowIt')}
          <span aria-hidden>&nbsp;→</span>
        </Button>
      </Stack>
    </Stack>
  );
}
