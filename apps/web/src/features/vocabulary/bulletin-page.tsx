import type { Voca } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LocalFireDepartmentOutlinedIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PictureHeader } from '../../components/picture-header.tsx';
import { Link as RouterLink, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { speakEnglish } from '../../lib/speech.ts';
import { progressPercent, useRecordChange, useRecordIds, type RecordSet } from '../learner/index.ts';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { AddToMyListButton } from '../lists/add-to-my-list-button.tsx';
import { useRemoveWord } from '../lists/api.ts';
import { ListWordSearch } from '../lists/list-word-search.tsx';
import { useBulletin } from './api.ts';
import { ProgressLine } from './components/list-card.tsx';

function WordRow({
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
          onClick={() => setOpen(!open)}
          sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
        >
          <ExpandMoreIcon />
        </IconButton>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ pl: 6, pb: 1 }}>
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
        </Box>
      </Collapse>
    </ListItem>
  );
}

export function BulletinPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const confirm = useConfirm();
  const bulletin = useBulletin(id);
  const known = useRecordIds('known').ids;
  const hard = useRecordIds('hard').ids;
  const markAll = useRecordChange({ successMessage: t('vocabulary.allMarkedKnown') });
  const removeWord = useRemoveWord();
  const notify = useNotify();

  if (bulletin.error) {
    const premium = bulletin.error instanceof ApiRequestError && bulletin.error.code === 'premium_required';
    return (
      <Alert severity={premium ? 'info' : 'error'}>{t(premium ? 'errors.premium_required' : 'errors.not_found')}</Alert>
    );
  }
  if (!bulletin.data) return <Skeleton variant="rounded" height={400} />;
  const list = bulletin.data;
  const percent = progressPercent(list.lexicon, list.quantity, known);

  return (
    <>
      <PictureHeader
        image={list.graphic_uri}
        alt={list.alt}
        actions={
          <>
            <Stack spacing={1}>
              <Button
                component={RouterLink}
                to={`/play/${list.id}`}
                variant="contained"
                size="large"
                startIcon={<PlayArrowRoundedIcon />}
              >
                {t('vocabulary.study')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<DoneAllIcon />}
                disabled={list.quantity === 0 || percent === 100}
                onClick={async () => {
                  if (await confirm({ message: t('vocabulary.confirmMarkAll', { title: list.title }) })) {
                    markAll.mutate({ action: 'mark', set: 'known', ids: list.words.map((word) => word.id) });
                  }
                }}
              >
                {t('vocabulary.markAllKnown')}
              </Button>
              {list.category_id !== null && <AddToMyListButton vocaIds={list.words.map((word) => word.id)} />}
            </Stack>
          </>
        }
      >
        {list.level && (
          <Typography variant="overline" color="primary">
            {list.level}
          </Typography>
        )}
        <Typography variant="h4" component="h1">
          {list.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('vocabulary.wordCount', { count: list.quantity })}
        </Typography>
        <ProgressLine value={percent} label={t('vocabulary.progress')} />
      </PictureHeader>
      {list.is_owner && <ListWordSearch listId={list.id} wordIds={new Set(list.words.map((word) => word.id))} />}
      {list.words.length === 0 && <Alert severity="info">{t('lists.noWordsYet')}</Alert>}
      <Paper variant="outlined">
        <List disablePadding aria-label={t('vocabulary.words')}>
          {list.words.map((word) => (
            <WordRow
              key={word.id}
              word={word}
              status={known.has(word.id) ? 'known' : hard.has(word.id) ? 'hard' : undefined}
              {...(list.is_owner
                ? {
                    onRemoveFromList: () =>
                      removeWord.mutate(
                        { id: list.id, vocaId: word.id },
                        { onError: () => notify(t('snackbar.saveFailed'), 'error') },
                      ),
                  }
                : {})}
            />
          ))}
        </List>
      </Paper>
    </>
  );
}
