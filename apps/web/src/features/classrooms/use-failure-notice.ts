import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';

/** Shows the spec's failure snackbar once when a query fails. */
export function useFailureNotice(failed: boolean, messageKey: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  useEffect(() => {
    if (failed) notify(t(messageKey), 'error');
  }, [failed, messageKey, notify, t]);
}
