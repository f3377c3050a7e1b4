import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '../../../components/snackbar-provider.tsx';
import { useAddWords, useMyLists } from '../api.ts';

/** On an official list: copy its words into one of the learner's own lists. */
export function AddToMyListButton({ vocaIds }: { vocaIds: number[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const lists = useMyLists();
  const add = useAddWords();
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outlined" startIcon={<PlaylistAddIcon />} onClick={() => setOpen(true)}>
        {t('lists.addToMyList')}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
        <DialogTitle>{t('lists.addToMyList')}</DialogTitle>
        <DialogContent>
          {lists.data?.length === 0 ? (
            <Typography>
              {t('lists.empty')}{' '}
              <Button component={RouterLink} to="/mylists" size="small">
                {t('nav.myLists')}
              </Button>
            </Typography>
          ) : (
            <RadioGroup
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              aria-label={t('nav.myLists')}
            >
              {lists.data?.map((list) => (
                <FormControlLabel key={list.id} value={String(list.id)} control={<Radio />} label={list.title} />
              ))}
            </RadioGroup>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!chosen}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { id: Number(chosen), vocaIds },
                {
                  onSuccess: () => {
                    close();
                    notify(t('snackbar.changesSaved'), 'success');
                  },
                  onError: () => notify(t('snackbar.saveFailed'), 'error'),
                },
              )
            }
          >
            {t('common.add')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
