import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { optionText, type ChoiceFeedback, type LearnDispatch, type LearnItem } from '../learn.ts';
import { useGlobalKeys } from '../use-global-keys.ts';
import { WordHeading } from './word-heading.tsx';

/** Learn mode's first step: pick the word's translation among four (keys 1–4), then continue (Enter). */
export function ChoiceCard({
  item,
  choice,
  dispatch,
}: {
  item: LearnItem;
  choice: ChoiceFeedback | null;
  dispatch: LearnDispatch;
}) {
  const { t } = useTranslation();
  const continueRef = useRef<HTMLButtonElement>(null);
  const answer = optionText(item.word);

  useEffect(() => {
    if (choice) continueRef.current?.focus();
  }, [choice]);
  useGlobalKeys((event) => {
    const option = item.options[Number(event.key) - 1];
    if (!choice && option !== undefined && /^[1-9]$/.test(event.key)) dispatch({ type: 'choose', option });
    if (choice && event.key === 'Enter') {
      event.preventDefault();
      dispatch({ type: 'continue' });
    }
  });

  const status = (option: string) =>
    !choice ? undefined : option === answer ? 'right' : option === choice.chosen ? 'wrong' : undefined;

  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch', textAlign: 'center' }}>
      <Typography color="text.secondary" id={`choice-help-${item.id}`}>
        {item.word.translation ? t('study.chooseTranslation') : t('study.chooseMeaning')}
      </Typography>
      <WordHeading word={item.word} />
      <Box
        role="group"
        aria-labelledby={`choice-help-${item.id}`}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        data-testid="learn-options"
      >
        {item.options.map((option, index) => {
          const shown = status(option);
          return (
            <Button
              key={option}
              variant={shown === 'right' ? 'contained' : 'outlined'}
              color={shown === 'right' ? 'success' : shown === 'wrong' ? 'error' : 'primary'}
              size="large"
              aria-keyshortcuts={String(index + 1)}
              // Settled options stay in place (and in their colours) but take no second choice.
              aria-disabled={choice ? true : undefined}
              startIcon={
                shown === 'right' ? <CheckCircleOutlineIcon /> : shown === 'wrong' ? <CancelOutlinedIcon /> : undefined
              }
              onClick={() => dispatch({ type: 'choose', option })}
              sx={{
                justifyContent: 'flex-start',
                textAlign: 'start',
                textTransform: 'none',
                py: 1.5,
                opacity: choice && !shown ? 0.6 : 1,
              }}
            >
              <Box component="span" sx={{ mr: 1.5, opacity: 0.7 }} aria-hidden>
                {index + 1}
              </Box>
              {option}
            </Button>
          );
        })}
      </Box>
      {choice && (
        <Alert severity={choice.right ? 'success' : 'error'} role="status" data-testid="study-feedback">
          {choice.right ? t('study.correct') : t('study.wrong', { answer })}
        </Alert>
      )}
      {choice && (
        <Box>
          <Button ref={continueRef} variant="contained" onClick={() => dispatch({ type: 'continue' })}>
            {t('study.continue')} (Enter)
          </Button>
        </Box>
      )}
    </Stack>
  );
}
