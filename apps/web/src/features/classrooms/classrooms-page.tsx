import type { Classroom } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LoginIcon from '@mui/icons-material/Login';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CardMenu } from '../../components/card-menu.tsx';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { throttledText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/index.ts';
import {
  useClassrooms,
  useCreateClassroom,
  useDeleteClassroom,
  useJoinClassroom,
  useLeaveClassroom,
  useUpdateClassroom,
} from './api.ts';
import { ClassroomDialog } from './classroom-dialogs.tsx';

export function ClassroomsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const classrooms = useClassrooms();
  const create = useCreateClassroom();
  const update = useUpdateClassroom();
  const remove = useDeleteClassroom();
  const join = useJoinClassroom();
  const leave = useLeaveClassroom();
  const [dialog, setDialog] = useState<'create' | 'join' | null>(null);
  const [editing, setEditing] = useState<Classroom | null>(null);

  useEffect(() => {
    if (classrooms.isError) notify(t('classroom.loadFailed'), 'error');
  }, [classrooms.isError, notify, t]);

  const menuFor = (classroom: Classroom) =>
    classroom.admin === user?.id
      ? [
          { label: t('common.edit'), onSelect: () => setEditing(classroom) },
          {
            label: t('common.delete'),
            onSelect: async () => {
              if (
                !(await confirm({ message: t('classroom.confirmDelete', { name: classroom.name }), destructive: true }))
              )
                return;
              remove.mutate(classroom.id, {
                onSuccess: () => notify(t('classroom.deleted'), 'success'),
                onError: () => notify(t('classroom.deleteFailed'), 'error'),
              });
            },
          },
        ]
      : [
          {
            label: t('classroom.leave'),
            onSelect: async () => {
              const sure = await confirm({
                message: t('classroom.confirmLeave', { name: classroom.name }),
                confirmText: t('classroom.leave'),
                destructive: true,
              });
              if (!sure) return;
              leave.mutate(classroom.id, {
                onSuccess: () => notify(t('classroom.left'), 'success'),
                onError: () => notify(t('classroom.leaveFailed'), 'error'),
              });
            },
          },
        ];

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 3, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('nav.classroom')}
        </Typography>
        <Button variant="outlined" startIcon={<LoginIcon />} onClick={() => setDialog('join')}>
          {t('classroom.join')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('create')}>
          {t('classroom.create')}
        </Button>
      </Stack>
      {classrooms.isPending && <Skeleton variant="rounded" height={240} />}
      {classrooms.data?.length === 0 && <Alert severity="warning">{t('classroom.empty')}</Alert>}
      <Grid container spacing={2}>
        {classrooms.data?.map((classroom) => (
          <Grid key={classroom.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card
              variant="outlined"
              sx={{ height: '100%', position: 'relative' }}
              data-testid={`classroom-card-${classroom.id}`}
            >
              <Box sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}>
                <CardMenu label={t('classroom.menu', { name: classroom.name })} actions={menuFor(classroom)} />
              </Box>
              <CardActionArea
                component={RouterLink}
                to={`/classroom/${classroom.classroom_pin}`}
                sx={{ height: '100%' }}
              >
                <CardMedia
                  component="img"
                  image={classroom.graphic_uri}
                  alt={classroom.title}
                  sx={{ aspectRatio: '16 / 10' }}
                />
                <CardContent>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {classroom.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                    {classroom.description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>

      <ClassroomDialog
        open={dialog === 'create'}
        pending={create.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () => {
              setDialog(null);
              notify(t('classroom.created'), 'success');
            },
            onError: () => notify(t('classroom.createFailed'), 'error'),
          })
        }
      />
      <ClassroomDialog
        open={editing !== null}
        classroom={editing}
        pending={update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(body) =>
          update.mutate(
            { id: editing!.id, ...body },
            {
              onSuccess: () => {
                setEditing(null);
                notify(t('snackbar.changesSaved'), 'success');
              },
              onError: () => notify(t('snackbar.saveFailed'), 'error'),
            },
          )
        }
      />
      <FormDialog
        open={dialog === 'join'}
        title={t('classroom.join')}
        fields={[{ name: 'pin', label: t('classroom.pin'), helperText: t('classroom.joinShares') }]}
        submitLabel={t('classroom.joinAction')}
        pending={join.isPending}
        onClose={() => setDialog(null)}
        onSubmit={({ pin }) =>
          join.mutate(pin!.trim(), {
            onSuccess: (classroom) => {
              setDialog(null);
              void navigate(`/classroom/${classroom.classroom_pin}`);
            },
            // A wrong PIN says so; once wrong PINs are over the limit, how long to wait.
            onError: (error) => notify(throttledText(t, error) ?? t('classroom.joinFailed'), 'error'),
          })
        }
      />
    </>
  );
}
