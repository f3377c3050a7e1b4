import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { useMyLists } from '../lists/index.ts';
import { useManageShared } from './api.ts';

function ManageListsBody({ pin, sharedIds, onClose }: { pin: string; sharedIds: number[]; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const lists = useMyLists();
  const manage = useManageShared();
  const [checked, setChecked] = useState(() => new Set(sharedIds));
  const toggle = (id: number) => {
    const next = new Set(checked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChecked(next);
  };
  return (
    <>
      <DialogTitle>{t('classroom.manageLists')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('classroom.manageListsHelp')}
        </Typography>
        {lists.data?.length === 0 && <Typography>{t('lists.empty')}</Typography>}
        <FormGroup>
          {lists.data?.map((list) => (
            <FormControlLabel
              key={list.id}
              control={<Checkbox checked={checked.has(list.id)} onChange={() => toggle(list.id)} />}
              label={list.title}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          loading={manage.isPending}
          onClick={() =>
            manage.mutate(
              { pin, checked_items: [...checked] },
              {
                onSuccess: () => {
                  onClose();
                  notify(t('snackbar.changesSaved'), 'success');
                },
                onError: () => notify(t('snackbar.saveFailed'), 'error'),
              },
            )
          }
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </>
  );
}

/** The admin ticks which of their own lists the classroom shares. */
export function ManageListsDialog({
  open,
  ...body
}: {
  open: boolean;
  pin: string;
  sharedIds: number[];
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={body.onClose} maxWidth="sm" fullWidth>
      {open && <ManageListsBody {...body} />}
    </Dialog>
  );
}
