import type { Voca } from '@vocagarden/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LocalFireDepartmentOutlinedIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-provider.tsx';
import { speakEnglish } from '../../../lib/speech.ts';
import { useRecordChange, type RecordSet } from '../../records/index.ts';
import { WordVideos } from './word-videos.tsx';

/**
 * One word of a list: listen, mark known or challenging, remove from one's own list, details
 * (definition, example, accepted alternatives and the word's video clips, loaded when opened).
 */
export function WordRow({
  word,
  status,
  onRemoveFromList,
}: {
  word: Voca;
  status: RecordSet | undefined;
  /** Only on the learner's own list. */
  onRemoveFromList?: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const change = useRecordChange();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const ask = async (messageKey: string, apply: () => void) => {
    if (await confirm({ message: t(messageKey, { word: word.the_word }) })) apply();
  };
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 1, sm: 2 } }} data-testid={`word-${word.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={t('vocabulary.listen', { word: word.the_word })}
          onClick={() => speakEnglish(word.the_word)}
          size="small"
        >
          <VolumeUpOutlinedIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 600 }} lang="en">
            {word.the_word}
          </Typography>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {word.pos}
            {word.ipa ? ` · ${word.ipa}` : ''}
          </Typography>
          <Typography variant="body2" data-testid="translation">
            {word.translation ?? word.definition}
          </Typography>
        </Box>
        {status === 'known' && <Chip size="small" color="success" label={t('vocabulary.known')} />}
        {status === 'hard' && <Chip size="small" color="warning" label={t('vocabulary.challenging')} />}
        <Tooltip title={t('vocabulary.markKnown')}>
          <span>
            <IconButton
              aria-label={t('vocabulary.markKnown')}
              disabled={status === 'known'}
              onClick={() =>
                ask('vocabulary.confirmKnown', () => change.mutate({ action: 'mark', set: 'known', ids: [word.id] }))
              }
            >
              <CheckCircleOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('vocabulary.markChallenging')}>
          <span>
            <IconButton
              aria-label={t('vocabulary.markChallenging')}
              disabled={status === 'hard'}
              onClick={() =>
                ask('vocabulary.confirmChallenging', () =>
                  change.mutate({ action: 'mark', set: 'hard', ids: [word.id] }),
                )
              }
            >
              <LocalFireDepartmentOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        {status && (
          <Tooltip title={t('vocabulary.removeMark')}>
            <IconButton
              aria-label={t('vocabulary.removeMark')}
              onClick={() =>
                ask('vocabulary.confirmRemove', () => change.mutate({ action: 'unmark', set: status, id: word.id }))
              }
            >
              <RemoveCircleOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
        {onRemoveFromList && (
          <Tooltip title={t('lists.removeWord')}>
            <IconButton
              aria-label={t('lists.removeWordNamed', { word: word.the_word })}
              onClick={() => ask('lists.confirmRemoveWord', onRemoveFromList)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
        <IconButton
          aria-label={t('vocabulary.details')}
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen(!open)}
          sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
        >
          <ExpandMoreIcon />
        </IconButton>
      </Stack>
      <Collapse in={open} unmountOnExit id={detailsId}>
        <Box sx={{ pl: { xs: 1, sm: 6 }, pb: 1 }}>
          <Typography variant="body2">
            <strong>{t('vocabulary.definition')}:</strong> {word.definition}
          </Typography>
          <Typography variant="body2" sx={{ fontStyle: 'italic' }} lang="en">
            “{word.example}”
          </Typography>
          {word.alternatives.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('vocabulary.alsoAccepted')}: {word.alternatives.join(', ')}
            </Typography>
          )}
          <WordVideos wordId={word.id} />
        </Box>
      </Collapse>
    </ListItem>
  );
}
