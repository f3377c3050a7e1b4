import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { speakEnglish } from '../../../lib/speech.ts';
import { currentItem, type SessionDispatch, type SessionState } from '../session.ts';
import { useGlobalKeys } from '../use-global-keys.ts';
import { WordHeading } from './word-heading.tsx';

/** Teach phase: the word with its translation, definition and example, read aloud. */
export function TeachCard({ state, dispatch }: { state: SessionState; dispatch: SessionDispatch }) {
  const { t } = useTranslation();
  const item = currentItem(state)!;
  useEffect(() => {
    speakEnglish(item.word.the_word);
  }, [item.word.the_word]);
  useGlobalKeys((event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      dispatch({ type: 'taught' });
    }
  });
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{t('study.teachHelp')}</Typography>
      <WordHeading word={item.word} />
      {item.word.translation && (
        <Typography variant="h5" component="p" color="primary" data-testid="study-translation">
          {item.word.translation}
        </Typography>
      )}
      <Typography>{item.word.definition}</Typography>
      <Typography sx={{ fontStyle: 'italic' }} lang="en">
        “{item.word.example}”
      </Typography>
      <Button variant="contained" size="large" onClick={() => dispatch({ type: 'taught' })}>
        {t('study.next')} (Enter)
      </Button>
    </Stack>
  );
}
