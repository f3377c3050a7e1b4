import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportIssueDialog, type ReportedWord } from './report-issue-dialog.tsx';

/** "Report a problem with this word": opens the report dialog about the word on the card. */
export function ReportWordButton({ word }: { word: ReportedWord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('feedback.reportWord');
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={() => setOpen(true)}>
          <FlagOutlinedIcon />
        </IconButton>
      </Tooltip>
      <ReportIssueDialog open={open} onClose={() => setOpen(false)} word={word} />
    </>
  );
}
