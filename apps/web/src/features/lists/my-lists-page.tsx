import type { ListSummary } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardMenu } from '../../components/card-menu.tsx';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { PremiumUpsell, useIsPremium } from '../premium/index.ts';
import { useCreateList, useDeleteList, useMyLists, useRenameList } from './api.ts';
import { ListCard } from './components/list-card.tsx';

export function MyListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const isPremium = useIsPremium();
  const lists = useMyLists();
  const create = useCreateList();
  const rename = useRenameList();
  const remove = useDeleteList();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ListSummary | null>(null);
  const [upsell, setUpsell] = useState(false);

  const askDelete = async (list: ListSummary) => {
    if (!(await confirm({ message: t('lists.confirmDelete', { title: list.title }), destructive: true }))) return;
    remove.mutate(list.id, {
      onSuccess: () => notify(t('lists.deleted'), 'success'),
      onError: () => notify(t('lists.deleteFailed'), 'error'),
    });
  };

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 3, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('nav.myLists')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('lists.create')}
        </Button>
      </Stack>
      {lists.isError && <Alert severity="error">{t('errors.server_error')}</Alert>}
      {lists.isPending && <Skeleton variant="rounded" height={240} />}
      {lists.data?.length === 0 && <Alert severity="info">{t('lists.empty')}</Alert>}
      <Grid container spacing={2}>
        {lists.data?.map((list) => (
          <Grid key={list.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <ListCard
              list={list}
              locked={list.is_premium && !isPremium}
              onOpen={() => void navigate(`/bulletin/${list.id}`)}
              menu={
                <CardMenu
                  label={t('lists.menu', { title: list.title })}
                  actions={[
                    { label: t('common.edit'), onSelect: () => setEditing(list) },
                    { label: t('common.delete'), onSelect: () => void askDelete(list) },
                  ]}
                />
              }
            />
          </Grid>
        ))}
      </Grid>
      <FormDialog
        open={creating}
        title={t('lists.create')}
        fields={[{ name: 'title', label: t('lists.title') }]}
        submitLabel={t('common.create')}
        pending={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={({ title }) =>
          create.mutate(title!, {
            onSuccess: () => {
              setCreating(false);
              notify(t('lists.created'), 'success');
            },
            onError: (error) => {
              setCreating(false);
              if (error instanceof ApiRequestError && error.code === 'premium_required') setUpsell(true);
              else notify(t('lists.createFailed'), 'error');
            },
          })
        }
      />
      <FormDialog
        open={editing !== null}
        title={t('lists.edit')}
        fields={[{ name: 'title', label: t('lists.title'), initial: editing?.title ?? '' }]}
        submitLabel={t('common.save')}
        pending={rename.isPending}
        onClose={() => setEditing(null)}
        onSubmit={({ title }) =>
          rename.mutate(
            { id: editing!.id, title: title! },
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
      <PremiumUpsell open={upsell} onClose={() => setUpsell(false)} />
    </>
  );
}
