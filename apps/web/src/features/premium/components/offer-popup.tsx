import type { Offer } from '@vocagarden/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format.ts';
import { DISCOUNT_POPUP_STORAGE_KEY } from '../offer-announcement.ts';

/** Announces a live offer once per device, with a way into the plan choice. */
export function OfferPopup({ offer, onSeePlans }: { offer: Offer; onSeePlans(): void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    localStorage.setItem(DISCOUNT_POPUP_STORAGE_KEY, String(offer.id));
  }, [offer.id]);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LocalOfferOutlinedIcon color="secondary" />
        {t('premium.offer.title', { percent: offer.discount_percent })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('premium.offer.text', {
            percent: offer.discount_percent,
            date: formatDate(offer.ends_at, i18n.language),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => setOpen(false)}>{t('premium.offer.later')}</Button>
        <Button
          variant="contained"
          autoFocus
          onClick={() => {
            setOpen(false);
            onSeePlans();
          }}
        >
          {t('premium.seePlans')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
