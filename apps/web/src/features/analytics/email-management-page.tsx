import { campaignEndpoints, recipientOrderings, type Campaign, type EmailRecipient } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { call } from '../../lib/api-client.ts';
import { CampaignEditor } from './campaign-editor.tsx';
import { useCampaignActions, useCampaigns } from './campaigns-api.ts';
import { formatStaffNumber, formatStaffPercent } from './format.ts';
import { StaffSection, StaffSubpageTitle } from './staff-layout.tsx';
import { StaffTable } from './staff-table.tsx';
import { dateColumn, UserLink } from './tables.tsx';

function CampaignList({ onEdit, onShow }: { onEdit(campaign: Campaign): void; onShow(id: number): void }) {
  const { t } = useTranslation();
  const campaigns = useCampaigns();
  const confirm = useConfirm();
  const { remove } = useCampaignActions();
  if (!campaigns.data) return campaigns.isPending ? null : <Typography>{t('analytics.empty')}</Typography>;
  if (campaigns.data.length === 0) return <Typography color="text.secondary">{t('email.noCampaigns')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('email.campaigns')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('email.name')}</TableCell>
            <TableCell>{t('analytics.columns.status')}</TableCell>
            <TableCell align="right">{t('email.sent')}</TableCell>
            <TableCell align="right">{t('email.openRate')}</TableCell>
            <TableCell align="right">{t('email.clickRate')}</TableCell>
            <TableCell align="right">{t('email.bounceRate')}</TableCell>
            <TableCell align="right">{t('email.unsubscribes')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {campaigns.data.map((campaign) => (
            <TableRow key={campaign.id} data-testid={`campaign-${campaign.id}`}>
              <TableCell>{campaign.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t(`email.status.${campaign.status}`)}
                  color={campaign.status === 'sent' ? 'success' : 'default'}
                />
              </TableCell>
              <TableCell align="right">
                {formatStaffNumber(campaign.totals.sent)} / {formatStaffNumber(campaign.totals.recipients)}
              </TableCell>
              <TableCell align="right">{formatStaffPercent(campaign.rates.open_rate)}</TableCell>
              <TableCell align="right">{formatStaffPercent(campaign.rates.click_rate)}</TableCell>
              <TableCell align="right">{formatStaffPercent(campaign.rates.bounce_rate)}</TableCell>
              <TableCell align="right">{formatStaffNumber(campaign.totals.unsubscribed)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {campaign.status === 'draft' ? (
                  <>
                    <Button size="small" onClick={() => onEdit(campaign)}>
                      {t('email.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={async () => {
                        const agreed = await confirm({
                          message: t('email.confirmDelete', { name: campaign.name }),
                          destructive: true,
                        });
                        if (agreed) remove.mutate(campaign.id);
                      }}
                    >
                      {t('email.delete')}
                    </Button>
                  </>
                ) : (
                  <Button size="small" onClick={() => onShow(campaign.id)}>
                    {t('email.showRecipients')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Spec §2 Admin email management: campaign name, username, the five dates ('N/A' when empty), last activity. */
function RecipientsTable({ campaignId }: { campaignId: number | null }) {
  const { t } = useTranslation();
  const notAvailable = t('analytics.notAvailable');
  const columns = useMemo<GridColDef<EmailRecipient>[]>(() => {
    const date = (field: keyof EmailRecipient & string, header: string) =>
      dateColumn<EmailRecipient>(field, header, notAvailable);
    return [
      { field: 'campaign_name', headerName: t('email.campaign'), width: 180 },
      {
        field: 'username',
        headerName: t('analytics.columns.username'),
        width: 160,
        renderCell: ({ row }) => <UserLink userId={row.user}>{row.username}</UserLink>,
      },
      date('sent_at', t('email.sentAt')),
      date('opened_at', t('email.openedAt')),
      date('clicked_at', t('email.clickedAt')),
      date('bounced_at', t('email.bouncedAt')),
      date('unsubscribed_at', t('email.unsubscribedAt')),
      date('user_last_activity', t('analytics.columns.lastActivity')),
    ];
  }, [t, notAvailable]);
  return (
    <StaffTable
      // A new table (page, sort and search from the start) for each campaign.
      key={campaignId ?? 'all'}
      name="recipients"
      label={t('email.recipients')}
      columns={columns}
      sortableFields={recipientOrderings}
      fetchPage={(query) =>
        call(campaignEndpoints.recipients, { query: { ...query, ...(campaignId ? { campaign: campaignId } : {}) } })
      }
      getRowId={(row) => row.id}
    />
  );
}

/** /xanalytics/email-management: campaigns, their rates, and what became of each message. */
export function EmailManagementPage() {
  const { t } = useTranslation();
  const campaigns = useCampaigns();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  return (
    <Stack spacing={3} sx={{ pb: 4 }}>
      <StaffSubpageTitle title={t('analytics.emailManagement')} />
      <Alert severity="info">{t('email.opensApproximate')}</Alert>
      <StaffSection
        title={t('email.campaigns')}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('email.newCampaign')}
          </Button>
        }
      >
        <CampaignList onEdit={setEditing} onShow={setShown} />
      </StaffSection>
      <StaffSection
        title={t('email.recipients')}
        action={
          <TextField
            select
            size="small"
            label={t('email.campaign')}
            value={shown ?? ''}
            onChange={(event) => setShown(event.target.value === '' ? null : Number(event.target.value))}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('email.allCampaigns')}</MenuItem>
            {(campaigns.data ?? [])
              .filter((campaign) => campaign.status !== 'draft')
              .map((campaign) => (
                <MenuItem key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </MenuItem>
              ))}
          </TextField>
        }
      >
        <RecipientsTable campaignId={shown} />
      </StaffSection>
      {editing !== null && (
        <CampaignEditor campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
