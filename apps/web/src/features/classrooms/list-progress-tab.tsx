import type { ClassroomList, MemberListProgress } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/save-file.ts';
import { useClassroomLists, useListProgress } from './api.ts';
import { progressCsv, type ProgressColumn } from './progress-csv.ts';

type SortColumn = 'name' | 'proven' | 'known' | 'hard' | 'last_studied';
interface Sort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** Never studied sorts as the oldest; names in the reader's language's order. */
function compare(a: MemberListProgress, b: MemberListProgress, column: SortColumn, language: string): number {
  if (column === 'name') return a.name.localeCompare(b.name, language, { sensitivity: 'base' });
  if (column === 'last_studied') return (a.last_studied ?? '').localeCompare(b.last_studied ?? '');
  return a[column] - b[column];
}

/** Numbers start high-to-low (who is ahead), names A to Z. */
const firstDirection = (column: SortColumn): Sort['direction'] => (column === 'name' ? 'asc' : 'desc');

/** A safe file name: the classroom's and the list's names, without the characters file systems refuse. */
const fileName = (...parts: string[]) => `${parts.join(' - ').replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')}.csv`;

function ProgressTable({
  pin,
  list,
  classroomName,
  isAdmin,
}: {
  pin: string;
  list: ClassroomList;
  classroomName: string;
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  const progress = useListProgress(pin, list.bulletin_id);
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'asc' });
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
  const displayed = useMemo(
    () =>
      (progress.data?.members ?? [])
        .map((member) => ({ ...member, name: member.name || t('classroom.learner') }))
        .sort((a, b) => {
          const order = compare(a, b, sort.column, language) || a.id - b.id;
          return sort.direction === 'asc' ? order : -order;
        }),
    [progress.data, sort, language, t],
  );

  if (progress.isError) return <Alert severity="error">{t('progress.loadFailed')}</Alert>;
  if (!progress.data) return <Skeleton variant="rounded" height={160} />;
  const quantity = progress.data.quantity;

  const headers: Record<ProgressColumn, string> = {
    name: t('progress.columns.member'),
    email: t('progress.columns.email'),
    proven: t('progress.provenLabel'),
    known: t('progress.markedKnownLabel'),
    hard: t('progress.columns.challenging'),
    words: t('progress.columns.words'),
    lastStudied: t('progress.columns.lastStudied'),
  };
  const exportCsv = () =>
    saveFile(
      new File(
        [progressCsv({ rows: displayed, quantity, headers, unnamed: t('classroom.learner'), language })],
        fileName(classroomName, list.title),
        { type: 'text/csv;charset=utf-8' },
      ),
    );
  const sortable = (column: SortColumn, label: string, numeric = true) => (
    <TableCell
      align={numeric ? 'right' : 'left'}
      sortDirection={sort.column === column ? sort.direction : false}
      sx={{ fontWeight: 600 }}
    >
      <TableSortLabel
        active={sort.column === column}
        direction={sort.column === column ? sort.direction : firstDirection(column)}
        onClick={() =>
          setSort((current) =>
            current.column === column
              ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
              : { column, direction: firstDirection(column) },
          )
        }
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('vocabulary.wordCount', { count: quantity })}
        </Typography>
        {isAdmin && (
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={exportCsv}>
            {t('progress.exportCsv')}
          </Button>
        )}
      </Stack>
      {/* On a phone the table scrolls inside its frame, so the page itself never scrolls sideways. */}
      <TableContainer component={Paper} variant="outlined">
        <Table
          sx={{ minWidth: 620 }}
          size="small"
          aria-label={t(isAdmin ? 'progress.membersTable' : 'progress.ownTable', { list: list.title })}
        >
          <TableHead>
            <TableRow>
              {sortable('name', headers.name, false)}
              {sortable('proven', headers.proven)}
              {sortable('known', headers.known)}
              {sortable('hard', headers.hard)}
              {sortable('last_studied', headers.lastStudied, false)}
            </TableRow>
          </TableHead>
          <TableBody>
            {displayed.map((member) => (
              <TableRow key={member.id} data-testid={`progress-row-${member.id}`}>
                <TableCell sx={{ minWidth: 200 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {member.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Typography>
                </TableCell>
                <TableCell align="right" data-testid="progress-proven">
                  {member.proven}
                </TableCell>
                <TableCell align="right" data-testid="progress-known">
                  {member.known}
                </TableCell>
                <TableCell align="right" data-testid="progress-hard">
                  {member.hard}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {member.last_studied ? dateTime.format(new Date(member.last_studied)) : t('progress.never')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/**
 * Progress on each shared list (decision 020): the admin sees every member's row, sortable and
 * exportable as CSV; any other member sees only their own.
 */
export function ListProgressTab({
  pin,
  classroomName,
  isAdmin,
}: {
  pin: string;
  classroomName: string;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const shared = useClassroomLists(pin);
  const [chosen, setChosen] = useState<number>();
  if (shared.isError) return <Alert severity="error">{t('classroom.loadListsFailed')}</Alert>;
  const lists = shared.data;
  if (!lists) return <Skeleton variant="rounded" height={160} />;
  const list = lists.find((candidate) => candidate.bulletin_id === chosen) ?? lists[0];
  if (!list) return <Alert severity="info">{t('classroom.noLists')}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t(isAdmin ? 'progress.adminIntro' : 'progress.memberIntro')} {t('progress.explained')}
      </Typography>
      <TextField
        select
        label={t('progress.list')}
        value={list.bulletin_id}
        onChange={(event) => setChosen(Number(event.target.value))}
        sx={{ maxWidth: { sm: 360 } }}
      >
        {lists.map((option) => (
          <MenuItem key={option.bulletin_id} value={option.bulletin_id}>
            {option.title}
          </MenuItem>
        ))}
      </TextField>
      <ProgressTable key={list.bulletin_id} pin={pin} list={list} classroomName={classroomName} isAdmin={isAdmin} />
    </Stack>
  );
}
