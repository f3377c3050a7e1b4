import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sendEvent } from '../../events/index.ts';
import { usePlanDialog } from '../plan-dialog-context.ts';
import { WordPackLabel } from './word-pack.tsx';

function Pack({ pack }: { pack: 'free' | 'premium' }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        flex: 1,
        border: 1,
        borderRadius: 2,
        borderColor: pack === 'premium' ? 'secondary.main' : 'divider',
        px: 2,
        py: 1.5,
      }}
    >
      <Typography variant="overline" color={pack === 'premium' ? 'secondary' : 'primary'}>
        {t(pack === 'premium' ? 'premium.label' : 'premium.freePlan')}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>
        <WordPackLabel pack={pack} />
      </Typography>
    </Box>
  );
}

/** Shown instead of a premium-only list (or feature) for learners without premium. */
export function PremiumUpsell({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { openPlans } = usePlanDialog();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WorkspacePremiumOutlinedIcon color="secondary" />
        {t('premium.upsellTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('errors.premium_required')}</DialogContentText>
        <DialogContentText sx={{ mb: 2 }}>{t('premium.upsellText')}</DialogContentText>
        <Stack direction="row" spacing={1.5}>
          <Pack pack="free" />
          <Pack pack="premium" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          autoFocus
          onClick={() => {
            sendEvent('paywall_click', { source: 'upsell', action: 'see_plans' });
            onClose();
            openPlans();
          }}
        >
          {t('premium.seePlans')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
