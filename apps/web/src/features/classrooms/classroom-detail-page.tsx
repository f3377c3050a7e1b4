import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PictureHeader } from '../../components/picture-header.tsx';
import { useNavigate, useParams } from 'react-router';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { useAuth } from '../auth/index.ts';
import { ListCard } from '../lists/index.ts';
import { useClassroom, useClassroomLists, useClassroomMembers } from './api.ts';
import { ManageListsDialog } from './manage-lists-dialog.tsx';

type TabName = 'members' | 'lists' | 'social';

/** Shows the spec's failure snackbar once when a query fails. */
function useFailureNotice(failed: boolean, messageKey: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  useEffect(() => {
    if (failed) notify(t(messageKey), 'error');
  }, [failed, messageKey, notify, t]);
}

function MembersTab({ pin }: { pin: string }) {
  const { t } = useTranslation();
  const members = useClassroomMembers(pin);
  useFailureNotice(members.isError, 'classroom.loadMembersFailed');
  if (!members.data) return <Skeleton variant="rounded" height={160} />;
  return (
    <Grid container spacing={2}>
      {members.data.map((member) => (
        <Grid key={member.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" data-testid={`member-${member.id}`}>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Avatar src={member.profile_picture_uri ?? undefined} alt="" sx={{ bgcolor: 'secondary.main' }}>
                  {(member.name || '?').charAt(0).toUpperCase()}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {member.name || t('classroom.learner')}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                    <Chip
                      size="small"
                      color="success"
                      variant="outlined"
                      label={t('classroom.learned', { count: member.total_learned })}
                    />
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={t('classroom.difficult', { count: member.total_difficult })}
                    />
                  </Stack>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function ListsTab({ pin }: { pin: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lists = useClassroomLists(pin);
  useFailureNotice(lists.isError, 'classroom.loadListsFailed');
  if (!lists.data) return <Skeleton variant="rounded" height={160} />;
  if (lists.data.length === 0) return <Alert severity="info">{t('classroom.noLists')}</Alert>;
  return (
    <Grid container spacing={2}>
      {lists.data.map((list) => (
        <Grid key={list.bulletin_id} size={{ xs: 12, sm: 6, md: 4 }}>
          <ListCard list={list} showProgress={false} onOpen={() => void navigate(`/bulletin/${list.bulletin_id}`)} />
        </Grid>
      ))}
    </Grid>
  );
}

export function ClassroomDetailPage() {
  const { t } = useTranslation();
  const { pin = '' } = useParams();
  const { user } = useAuth();
  const notify = useNotify();
  const classroom = useClassroom(pin);
  const lists = useClassroomLists(pin);
  const [tab, setTab] = useState<TabName>('members');
  const [managing, setManaging] = useState(false);
  useFailureNotice(classroom.isError, 'classroom.loadOneFailed');

  if (classroom.isError) return <Alert severity="error">{t('classroom.loadOneFailed')}</Alert>;
  if (!classroom.data) return <Skeleton variant="rounded" height={320} />;
  const room = classroom.data;
  const isAdmin = room.admin === user?.id;

  const copyPin = async () => {
    try {
      await navigator.clipboard.writeText(room.classroom_pin);
      notify(t('classroom.pinCopied'), 'success');
    } catch {
      notify(t('classroom.pinCopyFailed'), 'error');
    }
  };

  return (
    <>
      <PictureHeader
        image={room.graphic_uri}
        alt={room.title}
        actions={
          <>
            {isAdmin && (
              <Button variant="contained" startIcon={<PlaylistAddCheckIcon />} onClick={() => setManaging(true)}>
                {t('classroom.manageLists')}
              </Button>
            )}
          </>
        }
      >
        <Typography variant="h4" component="h1" data-testid="classroom-name">
          {room.name}
        </Typography>
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
          {room.description}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
          <Chip label={t('classroom.memberCount', { count: room.member_count })} />
          <Chip label={t('classroom.listCount', { count: room.list_count })} />
          <Chip label={`PIN ${room.classroom_pin}`} color="secondary" variant="outlined" data-testid="classroom-pin" />
          <Tooltip title={t('classroom.copyPin')}>
            <IconButton aria-label={t('classroom.copyPin')} onClick={() => void copyPin()} size="small">
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </PictureHeader>
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => setTab(next)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="members" label={t('classroom.members')} />
        <Tab value="lists" label={t('classroom.lists')} />
        <Tab value="social" label={t('classroom.social')} />
      </Tabs>
      {tab === 'members' && <MembersTab pin={pin} />}
      {tab === 'lists' && <ListsTab pin={pin} />}
      {tab === 'social' && <Alert severity="info">{t('classroom.socialSoon')}</Alert>}
      {isAdmin && (
        <ManageListsDialog
          open={managing}
          pin={pin}
          sharedIds={(lists.data ?? []).map((list) => list.bulletin_id)}
          onClose={() => setManaging(false)}
        />
      )}
    </>
  );
}
