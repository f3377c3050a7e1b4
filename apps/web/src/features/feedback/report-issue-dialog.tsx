import { issueKinds, issueReportBodySchema } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useReportIssue } from './api.ts';
import { formProblems, lengthCounter } from './form-problems.ts';

/** The word a report is about, as the study card shows it. */
export interface ReportedWord {
  id: number;
  the_word: string;
}

const descriptionMax = issueReportBodySchema.shape.issue_description.maxLength;
/** The contract's limit on `page`: a longer path is cut rather than refused. */
const pageMax = issueReportBodySchema.shape.page.unwrap().maxLength ?? 300;

function ReportIssueForm({ word, titleId, onClose }: { word?: ReportedWord; titleId: string; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { pathname } = useLocation();
  const send = useReportIssue();
  const [kind, setKind] = useState('');
  const [description, setDescription] = useState('');
  const [checked, setChecked] = useState(false);
  const kindRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  const body = {
    issue_id: kind,
    issue_description: description,
    page: pathname.slice(0, pageMax),
    ...(word ? { voca_id: word.id } : {}),
  };
  const problems = checked ? formProblems(t, issueReportBodySchema, body) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = formProblems(t, issueReportBodySchema, body);
    if (found.issue_id) return kindRef.current?.focus();
    if (found.issue_description) return descriptionRef.current?.focus();
    const parsed = issueReportBodySchema.parse(body);
    send.mutate(parsed, {
      onSuccess() {
        notify(t('feedback.sent'), 'success');
        onClose();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{t('feedback.reportProblem')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('feedback.intro')}
          </Typography>
          {word && (
            <Typography data-testid="report-word">
              {t('feedback.word')}:{' '}
              <Typography component="strong" lang="en" sx={{ fontWeight: 700 }}>
                {word.the_word}
              </Typography>
            </Typography>
          )}
          {send.error && <Alert severity="error">{errorText(t, send.error)}</Alert>}
          <TextField
            select
            label={t('feedback.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value)}
            inputRef={kindRef}
            required
            autoFocus
            fullWidth
            error={Boolean(problems.issue_id)}
            helperText={problems.issue_id}
          >
            {issueKinds.map((issueKind) => (
              <MenuItem key={issueKind} value={issueKind}>
                {t(`feedback.kinds.${issueKind}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('feedback.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            inputRef={descriptionRef}
            multiline
            minRows={4}
            required
            fullWidth
            error={Boolean(problems.issue_description)}
            helperText={problems.issue_description ?? t('feedback.descriptionHelp')}
          />
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'flex-end', mt: '4px !important' }}>
            {lengthCounter(t, description, descriptionMax)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" loading={send.isPending}>
          {t('feedback.send')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Report a problem: the kind (the contract's fixed list), a description, and the word when the
 * report comes from a study card. The page it was opened on goes along. Keys typed here stay
 * here: the study card's shortcuts (K, L, Enter) listen on the window and must not hear them.
 */
export function ReportIssueDialog({ open, onClose, word }: { open: boolean; onClose(): void; word?: ReportedWord }) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {open && <ReportIssueForm titleId={titleId} onClose={onClose} {...(word ? { word } : {})} />}
    </Dialog>
  );
}
