import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { usePremiumSubscriptions } from '../premium/index.ts';
import { useRecords } from './api.ts';

/**
 * Spec §4: a signed-in session loads the records, hard records and premium subscriptions, and
 * reports a failure to load any of them with the spec's text.
 */
export function useLearnerData() {
  const { t } = useTranslation();
  const notify = useNotify();
  const known = useRecords('known');
  const hard = useRecords('hard');
  const premium = usePremiumSubscriptions();
  useEffect(() => {
    if (known.isError) notify(t('errors.loadRecords'), 'error');
  }, [known.isError, notify, t]);
  useEffect(() => {
    if (hard.isError) notify(t('errors.loadHardRecords'), 'error');
  }, [hard.isError, notify, t]);
  useEffect(() => {
    if (premium.isError) notify(t('errors.loadPremium'), 'error');
  }, [premium.isError, notify, t]);
}
