import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { useTranslation } from 'react-i18next';
import { PictureHeader } from '../../components/picture-header.tsx';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { throttledText } from '../../lib/error-text.ts';
import { useClassroomInvite, useJoinClassroom } from './api.ts';
import { ClassroomHeading } from './classroom-heading.tsx';
import { useFailureNotice } from './use-failure-notice.ts';

/**
 * /classroom/{pin} for a signed-in learner who is not a member: the classroom's name and a way
 * in. A wrong PIN shows what a missing classroom always showed, and so reveals nothing.
 */
export function ClassroomInvite({ pin }: { pin: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const invite = useClassroomInvite(pin);
  const join = useJoinClassroom();
  const throttled = throttledText(t, invite.error);
  useFailureNotice(invite.isError && !throttled, 'classroom.loadOneFailed');

  if (invite.isError) return <Alert severity="error">{throttled ?? t('classroom.loadOneFailed')}</Alert>;
  if (!invite.data) return <Skeleton variant="rounded" height={200} />;
  const room = invite.data;
  return (
    <PictureHeader
      image={room.graphic_uri}
      alt={room.name}
      actions={
        <Button
          variant="contained"
          size="large"
          startIcon={<GroupAddOutlinedIcon />}
          disabled={join.isPending}
          // Joining refreshes the classroom queries: the page then shows the classroom itself.
          onClick={() =>
            join.mutate(pin, {
              onError: (error) => notify(throttledText(t, error) ?? t('classroom.joinFailed'), 'error'),
            })
          }
        >
          {t('classroom.joinThis')}
        </Button>
      }
    >
      <Typography variant="overline" color="primary">
        {t('classroom.invited')}
      </Typography>
      <ClassroomHeading name={room.name} description={room.description} />
      <Chip label={t('classroom.memberCount', { count: room.member_count })} sx={{ mb: 1 }} />
      <Typography variant="body2" color="text.secondary">
        {t('classroom.joinShares')}
      </Typography>
    </PictureHeader>
  );
}
