import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format.ts';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A price in the learner's locale; with an offer, the original price struck through before it. */
export function Price({
  amount,
  original = null,
  currency,
  size = 'large',
}: {
  amount: number;
  original?: number | null;
  currency: string;
  size?: 'large' | 'small';
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      {original !== null && original !== amount && (
        <Typography component="del" color="text.secondary" variant={size === 'large' ? 'body1' : 'body2'}>
          <Box component="span" sx={visuallyHidden}>
            {t('premium.plans.originalPrice')}{' '}
          </Box>
          {formatMoney(original, currency, locale)}
        </Typography>
      )}
      <Typography component="span" variant={size === 'large' ? 'h6' : 'body1'} sx={{ fontWeight: 700 }}>
        {original !== null && original !== amount && (
          <Box component="span" sx={visuallyHidden}>
            {t('premium.plans.discountedPrice')}{' '}
          </Box>
        )}
        <span data-testid="price">{formatMoney(amount, currency, locale)}</span>
      </Typography>
    </Box>
  );
}
