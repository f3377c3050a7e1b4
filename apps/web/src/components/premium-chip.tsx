import Chip from '@mui/material/Chip';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';

/** The mark on a premium-only list or category for learners without premium: a lock and "Premium". */
export function PremiumChip({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="secondary"
      variant="outlined"
      icon={<LockOutlinedIcon />}
      label={label ?? t('premium.label')}
      data-testid="premium-chip"
      sx={{ fontWeight: 600, flexShrink: 0, bgcolor: 'background.paper' }}
    />
  );
}
