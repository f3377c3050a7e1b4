import type { Classroom } from '@vocagarden/contract';
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
import LinkIcon from '@mui/icons-material/Link';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PictureHeader } from '../../components/picture-header.tsx';
import { useNavigate, useParams } from 'react-router';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from '../auth/index.ts';
import { ListCard } from '../lists/index.ts';
import { useClassroom, useClassroomLists, useClassroomMembers } from './api.ts';
import { ClassroomHeading } from './classroom-heading.tsx';
import { ClassroomInvite } from './classroom-invite.tsx';
import { ListProgressTab } from './list-progress-tab.tsx';
import { ManageListsDialog } from './manage-lists-dialog.tsx';
import { useFailureNotice } from './use-failure-notice.ts';

type TabName = 'members' | 'lists' | 'progress' | 'social';

function MembersTab({ pin }: { pin: string }) {
  const { t } = useTranslation();
  const members = useClassroomMembers(pin);
  useFailureNotice(members.isError, 'classroom.loadMembersFailed');
  if (members.isError) return <Alert severity="error">{t('classroom.loadMembersFailed')}</Alert>;
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
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }} useFlexGap>
                    <Chip
                      size="small"
                      color="success"
                      variant="outlined"
                      label={t('progress.markedKnown', { count: member.total_learned })}
                    />
                    <Chip
                      size="small"
                      color="primary"
                      variant="outlined"
                      label={t('progress.proven', { count: member.total_proven })}
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
  if (lists.isError) return <Alert severity="error">{t('classroom.loadListsFailed')}</Alert>;
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
  const classroom = useClassroom(pin);
  // To a signed-in learner who is not a member the classroom does not exist (404): the invite view
  // then asks the server whether the PIN is right, counting a wrong one against the join limits.
  const notMember = classroom.error instanceof ApiRequestError && classroom.error.status === 404;
  useFailureNotice(classroom.isError && !notMember, 'classroom.loadOneFailed');

  if (notMember) return <ClassroomInvite pin={pin} />;
  if (classroom.isError) return <Alert severity="error">{t('classroom.loadOneFailed')}</Alert>;
  if (!classroom.data) return <Skeleton variant="rounded" height={320} />;
  return <ClassroomView room={classroom.data} />;
}

function ClassroomView({ room }: { room: Classroom }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const notify = useNotify();
  const pin = room.classroom_pin;
  const lists = useClassroomLists(pin);
  const [tab, setTab] = useState<TabName>('members');
  const [managing, setManaging] = useState(false);
  // Here, not in the Lists tab: the shared lists also feed Manage Lists, whichever tab is open.
  useFailureNotice(lists.isError, 'classroom.loadListsFailed');
  const isAdmin = room.admin === user?.id;

  const copy = async (text: string, done: string, failed: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify(t(done), 'success');
    } catch {
      notify(t(failed), 'error');
    }
  };
  const inviteLink = `${window.location.origin}/classroom/${encodeURIComponent(pin)}`;

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
        <ClassroomHeading name={room.name} description={room.description} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
          <Chip label={t('classroom.memberCount', { count: room.member_count })} />
          <Chip label={t('classroom.listCount', { count: room.list_count })} />
          <Chip label={`PIN ${room.classroom_pin}`} color="secondary" variant="outlined" data-testid="classroom-pin" />
          <Tooltip title={t('classroom.copyPin')}>
            <IconButton
              aria-label={t('classroom.copyPin')}
              onClick={() => void copy(room.classroom_pin, 'classroom.pinCopied', 'classroom.pinCopyFailed')}
              size="small"
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Button
            size="small"
            startIcon={<LinkIcon />}
            onClick={() => void copy(inviteLink, 'classroom.inviteCopied', 'classroom.inviteCopyFailed')}
          >
            {t('classroom.copyInvite')}
          </Button>
        </Stack>
      </PictureHeader>
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="members" label={t('classroom.members')} />
        <Tab value="lists" label={t('classroom.lists')} />
        <Tab value="progress" label={t('classroom.progress')} />
        <Tab value="social" label={t('classroom.social')} />
      </Tabs>
      {tab === 'members' && <MembersTab pin={pin} />}
      {tab === 'lists' && <ListsTab pin={pin} />}
      {tab === 'progress' && <ListProgressTab pin={pin} classroomName={room.name} isAdmin={isAdmin} />}
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
