import { listsEndpoints } from '@vocagarden/contract';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/snackbar-provider.tsx';
import { download } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';

const formats = {
  csv: { endpoint: listsEndpoints.exportCsv, label: 'lists.export.csv', help: 'lists.export.csvHelp' },
  anki: { endpoint: listsEndpoints.exportAnki, label: 'lists.export.anki', help: 'lists.export.ankiHelp' },
} as const;

/** "Download" on any list the learner can open: the words as CSV (spreadsheets) or as Anki flashcards. */
export function ListDownloadMenu({ listId, disabled }: { listId: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();

  async function save(format: keyof typeof formats) {
    setAnchor(null);
    setBusy(true);
    try {
      saveFile(await download(formats[format].endpoint, { params: { id: listId } }));
    } catch (error) {
      notify(errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        disabled={disabled}
        loading={busy}
        loadingPosition="start"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('lists.export.open')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 360 } } }}
      >
        {(Object.keys(formats) as (keyof typeof formats)[]).map((format) => (
          // The explanations wrap on a phone rather than run off the menu.
          <MenuItem key={format} onClick={() => void save(format)} sx={{ whiteSpace: 'normal' }}>
            <ListItemText primary={t(formats[format].label)} secondary={t(formats[format].help)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
