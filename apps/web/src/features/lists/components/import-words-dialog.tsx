import { MAX_IMPORT_TEXT_LENGTH, type ImportedWord, type ListImportReport } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { PremiumUpsell } from '../../premium/index.ts';
import { useImportWords } from '../api.ts';

/** A file's text, read in the browser: the server gets text, never the file. */
interface ChosenFile {
  name: string;
  text: string;
}

/** One part of the report: a counted heading and the words it is about. */
function ReportSection({ title, words, action }: { title: string; words: string[]; action?: ReactNode }) {
  if (words.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} lang="en">
        {words.map((word) => (
          <Chip key={word} size="small" variant="outlined" label={word} />
        ))}
      </Box>
      {action}
    </Box>
  );
}

const headwords = (words: ImportedWord[]) => words.map((word) => word.the_word);

function ImportReportView({ report }: { report: ListImportReport }) {
  const { t } = useTranslation();
  const [upsell, setUpsell] = useState(false);
  return (
    <Stack spacing={2} data-testid="import-report">
      <Alert severity={report.added.length > 0 ? 'success' : 'info'}>
        {report.added.length > 0
          ? t('lists.import.added', { count: report.added.length })
          : t('lists.import.noneAdded')}
      </Alert>
      <ReportSection title={t('lists.import.addedWords')} words={headwords(report.added)} />
      <ReportSection
        title={t('lists.import.alreadyInList', { count: report.already_in_list.length })}
        words={headwords(report.already_in_list)}
      />
      <ReportSection
        title={t('lists.import.premiumOnly', { count: report.refused.length })}
        words={headwords(report.refused)}
        action={
          <>
            <Button size="small" onClick={() => setUpsell(true)} sx={{ mt: 0.5 }}>
              {t('premium.seePlans')}
            </Button>
            <PremiumUpsell open={upsell} onClose={() => setUpsell(false)} />
          </>
        }
      />
      <ReportSection title={t('lists.import.notFound', { count: report.not_found.length })} words={report.not_found} />
    </Stack>
  );
}

function ImportWordsBody({ listId, onClose }: { listId: number; onClose(): void }) {
  const { t } = useTranslation();
  const importWords = useImportWords();
  const [text, setText] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const report = importWords.data;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after an edit.
    event.target.value = '';
    if (!chosen) return;
    setProblem(null);
    if (chosen.size > MAX_IMPORT_TEXT_LENGTH) return setProblem(t('errors.import_too_long'));
    const content = await chosen.text();
    // A spreadsheet's own format (.xlsx, .ods) is binary, not text.
    if (content.includes('\0')) return setProblem(t('lists.import.notText'));
    setFile({ name: chosen.name, text: content });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    importWords.mutate(
      { id: listId, ...(file ? { text: file.text, format: 'csv' } : { text, format: 'lines' }) },
      { onError: (error) => setProblem(errorText(t, error)) },
    );
  }

  if (report) {
    return (
      <>
        <DialogTitle>{t('lists.import.reportTitle')}</DialogTitle>
        <DialogContent>
          <ImportReportView report={report} />
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              importWords.reset();
              setText('');
              setFile(null);
            }}
          >
            {t('lists.import.more')}
          </Button>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('lists.import.done')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form onSubmit={submit}>
      <DialogTitle>{t('lists.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={hintId}>{t('lists.import.hint')}</DialogContentText>
          {file ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <UploadFileOutlinedIcon color="primary" />
              <Typography sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {t('lists.import.fileChosen', { name: file.name })}
              </Typography>
              <Button size="small" onClick={() => setFile(null)}>
                {t('lists.import.removeFile')}
              </Button>
            </Stack>
          ) : (
            <>
              <TextField
                label={t('lists.import.words')}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={'apple\nbook\nice cream'}
                multiline
                minRows={5}
                maxRows={12}
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { lang: 'en', 'aria-describedby': hintId } }}
              />
              <Box>
                <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />}>
                  {t('lists.import.chooseFile')}
                  <input
                    type="file"
                    hidden
                    accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
                    onChange={(event) => void choose(event)}
                  />
                </Button>
              </Box>
            </>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!file && !text.trim()} loading={importWords.isPending}>
          {t('lists.import.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * "Import words" on one's own list: paste English headwords or choose a CSV file (first column);
 * the server matches them to the catalogue and the dialog shows what it did with each.
 */
export function ImportWordsButton({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => setOpen(true)}>
        {t('lists.import.open')}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
        {open && <ImportWordsBody listId={listId} onClose={close} />}
      </Dialog>
    </>
  );
}
