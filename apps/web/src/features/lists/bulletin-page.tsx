import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { PictureHeader } from '../../components/picture-header.tsx';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { progressPercent, useRecordChange, useRecordIds, WordProgress } from '../records/index.ts';
import { useBulletin, useRemoveWord } from './api.ts';
import { AddToMyListButton } from './components/add-to-my-list-button.tsx';
import { ImportWordsButton } from './components/import-words-dialog.tsx';
import { ListDownloadMenu } from './components/list-download-menu.tsx';
import { ListWordSearch } from './components/list-word-search.tsx';
import { WordRow } from './components/word-row.tsx';

/** /bulletin/{id}: one list with its words (official, one's own, or shared into a classroom). */
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
                component={RouterLink}
                to={`/play/${list.id}?mode=learn`}
                variant="outlined"
                size="large"
                startIcon={<SchoolOutlinedIcon />}
              >
                {t('study.learnMode')}
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
              {list.is_owner && <ImportWordsButton listId={list.id} />}
              <ListDownloadMenu listId={list.id} disabled={list.quantity === 0} />
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
        <WordProgress lexicon={list.lexicon} quantity={list.quantity} />
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
