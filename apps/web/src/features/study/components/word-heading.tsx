import type { Voca } from '@vocagarden/contract';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { useTranslation } from 'react-i18next';
import { speakEnglish } from '../../../lib/speech.ts';

function SpeakButton({ word }: { word: string }) {
  const { t } = useTranslation();
  return (
    <IconButton aria-label={t('vocabulary.listen', { word })} onClick={() => speakEnglish(word)}>
      <VolumeUpOutlinedIcon />
    </IconButton>
  );
}

/** The English word, large, with a button that says it. */
export function WordHeading({ word }: { word: Voca }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <Typography
        variant="h3"
        component="p"
        lang="en"
        sx={{ fontWeight: 700, fontSize: { xs: 34, sm: 44 } }}
        data-testid="study-word"
      >
        {word.the_word}
      </Typography>
      <SpeakButton word={word.the_word} />
    </Stack>
  );
}
