import {
  CAMPAIGN_LANGUAGES,
  type Campaign,
  type CampaignAudience,
  type CampaignInput,
  type UiLanguage,
} from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useCampaignActions, usePreview } from './campaigns-api.ts';

type Texts = Record<UiLanguage, string>;
const emptyTexts = (): Texts => ({ en: '', es: '', tr: '', az: '' });
const languageNames: Record<UiLanguage, string> = { en: 'English', es: 'Español', tr: 'Türkçe', az: 'Azərbaycanca' };

function Preview({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<UiLanguage>('en');
  const preview = usePreview(campaignId, language);
  const { test } = useCampaignActions();
  const notify = useNotify();
  return (
    <Stack spacing={1.5} data-testid="campaign-preview">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={t('email.previewLanguage')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as UiLanguage)}
          sx={{ minWidth: 180 }}
        >
          {CAMPAIGN_LANGUAGES.map((code) => (
            <MenuItem key={code} value={code}>
              {languageNames[code]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          loading={test.isPending}
          onClick={() =>
            test.mutate(
              { id: campaignId, language },
              {
                onSuccess: () => notify(t('email.testSent')),
                onError: (error) => notify(errorText(t, error), 'error'),
              },
            )
          }
        >
          {t('email.sendTest')}
        </Button>
      </Stack>
      {preview.data && (
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="preview-subject">
            {preview.data.subject}
          </Typography>
          {/* The server's sanitised HTML, in a frame that may run nothing. */}
          <Box
            component="iframe"
            title={t('email.preview')}
            sandbox=""
            srcDoc={preview.data.html}
            sx={{ width: '100%', height: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * Compose a campaign (decision 018): a name, a subject and a Markdown body per language, the
 * audience; saved as a draft, then previewed per language, tested on oneself, sent now or at a time.
 */
export function CampaignEditor({ campaign, onClose }: { campaign: Campaign | null; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const { save, send } = useCampaignActions();
  const [savedId, setSavedId] = useState<number | null>(campaign?.id ?? null);
  const [tab, setTab] = useState<UiLanguage>('en');
  const [name, setName] = useState(campaign?.name ?? '');
  const [subject, setSubject] = useState<Texts>(campaign?.subject ?? emptyTexts());
  const [body, setBody] = useState<Texts>(campaign?.body ?? emptyTexts());
  const [plan, setPlan] = useState<CampaignAudience['plan']>(campaign?.audience.plan ?? 'all');
  const [inactiveDays, setInactiveDays] = useState(String(campaign?.audience.inactive_days ?? ''));
  const [languages, setLanguages] = useState<UiLanguage[]>(campaign?.audience.native_language_codes ?? []);
  const [sendAt, setSendAt] = useState('');

  const input: CampaignInput = {
    name,
    subject,
    body,
    audience: {
      plan,
      inactive_days: inactiveDays.trim() === '' ? null : Number(inactiveDays),
      native_language_codes: languages,
    },
  };
  const missing = !name.trim() || CAMPAIGN_LANGUAGES.some((code) => !subject[code].trim() || !body[code].trim());

  const saveDraft = () =>
    save.mutate(
      { id: savedId, input },
      {
        onSuccess: (saved) => {
          setSavedId(saved.id);
          notify(t('email.saved'));
        },
      },
    );

  const sendCampaign = async (at?: string) => {
    if (savedId === null) return;
    const agreed = await confirm({
      title: t('email.confirmTitle'),
      message: t(at ? 'email.confirmSchedule' : 'email.confirmSend', { name }),
      confirmText: t(at ? 'email.schedule' : 'email.sendNow'),
    });
    if (!agreed) return;
    // What is on screen is what goes out.
    await save.mutateAsync({ id: savedId, input });
    send.mutate(
      { id: savedId, ...(at ? { at } : {}) },
      {
        onSuccess: () => {
          notify(t(at ? 'email.scheduled' : 'email.sending'));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="campaign-editor-title">
      <DialogTitle id="campaign-editor-title">{t(campaign ? 'email.editCampaign' : 'email.newCampaign')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('email.name')} value={name} onChange={(event) => setName(event.target.value)} required />
          <Box>
            <Tabs value={tab} onChange={(_event, value: UiLanguage) => setTab(value)} aria-label={t('email.languages')}>
              {CAMPAIGN_LANGUAGES.map((code) => (
                <Tab key={code} value={code} label={languageNames[code]} />
              ))}
            </Tabs>
            <Stack spacing={2} sx={{ pt: 2 }}>
              <TextField
                label={t('email.subject', { language: languageNames[tab] })}
                value={subject[tab]}
                onChange={(event) => setSubject({ ...subject, [tab]: event.target.value })}
                required
              />
              <TextField
                label={t('email.body', { language: languageNames[tab] })}
                helperText={t('email.markdownHelp')}
                value={body[tab]}
                onChange={(event) => setBody({ ...body, [tab]: event.target.value })}
                multiline
                minRows={6}
                required
              />
            </Stack>
          </Box>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('email.audience')}</FormLabel>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
              <TextField
                select
                label={t('email.plan')}
                value={plan}
                onChange={(event) => setPlan(event.target.value as CampaignAudience['plan'])}
                sx={{ minWidth: 180 }}
              >
                {(['all', 'free', 'premium'] as const).map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`email.plans.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                type="number"
                label={t('email.inactiveDays')}
                value={inactiveDays}
                onChange={(event) => setInactiveDays(event.target.value)}
                slotProps={{ htmlInput: { min: 1, max: 3650 } }}
                sx={{ minWidth: 260 }}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} id="campaign-languages">
              {t('email.nativeLanguages')}
            </Typography>
            <FormGroup row aria-labelledby="campaign-languages">
              {CAMPAIGN_LANGUAGES.map((code) => (
                <FormControlLabel
                  key={code}
                  label={languageNames[code]}
                  control={
                    <Checkbox
                      checked={languages.includes(code)}
                      onChange={(event) =>
                        setLanguages(
                          event.target.checked ? [...languages, code] : languages.filter((item) => item !== code),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            <Typography variant="caption" color="text.secondary">
              {t('email.consentNote')}
            </Typography>
          </FormControl>
          {(save.isError || send.isError) && <Alert severity="error">{errorText(t, save.error ?? send.error)}</Alert>}
          {savedId !== null && <Preview campaignId={savedId} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="outlined" onClick={saveDraft} disabled={missing} loading={save.isPending}>
          {t('email.saveDraft')}
        </Button>
        <TextField
          type="datetime-local"
          size="small"
          label={t('email.sendAt')}
          value={sendAt}
          onChange={(event) => setSendAt(event.target.value)}
          disabled={savedId === null}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="outlined"
          disabled={savedId === null || missing || sendAt === ''}
          onClick={() => sendCampaign(new Date(sendAt).toISOString())}
        >
          {t('email.schedule')}
        </Button>
        <Button
          variant="contained"
          disabled={savedId === null || missing}
          loading={send.isPending}
          onClick={() => sendCampaign()}
        >
          {t('email.sendNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
