import { SectionCard } from '../../components/section-card.tsx';
import { accountEndpoints, type EmailPreferences } from '@vocagarden/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { call } from '../../lib/api-client.ts';

const preferenceKeys = ['product_news', 'campaign_emails', 'study_reminders'] as const;
const queryKey = ['email-preferences'] as const;

export function EmailSettings() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey, queryFn: () => call(accountEndpoints.emailPreferences) });
  const update = useMutation({
    mutationFn: (change: Partial<EmailPreferences>) => call(accountEndpoints.updateEmailPreferences, { body: change }),
    onSuccess(saved) {
      queryClient.setQueryData(queryKey, saved);
      notify(t('snackbar.changesSaved'), 'success');
    },
    onError: () => notify(t('snackbar.saveFailed'), 'error'),
  });
  return (
    <SectionCard title={t('profile.emailSettings')}>
      {preferences.data ? (
        <FormGroup>
          {preferenceKeys.map((key) => (
            <FormControlLabel
              key={key}
              label={t(`profile.emailPreferences.${key}`)}
              control={
                <Switch
                  checked={preferences.data[key]}
                  disabled={update.isPending}
                  onChange={(event) => update.mutate({ [key]: event.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
      ) : (
        <Skeleton height={120} />
      )}
    </SectionCard>
  );
}
