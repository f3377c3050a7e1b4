import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { vocabularyEndpoints, type Category } from '@vocagarden/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError, download } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { sendEvent } from '../events/index.ts';
import { useIsPremium, usePremiumSubscriptions } from '../premium/index.ts';

export interface CategoryPdfButtonProps {
  category: Pick<Category, 'id' | 'lists'>;
  /** A learner without premium asked for the PDF: show the upsell. */
  onUpsell(): void;
}

/**
 * "Download PDF" (premium): premium learners get the category's word list as a PDF file; others
 * get the upsell (whose See plans records the paywall click), never a success message. A
 * category without words says so without asking.
 */
export function CategoryPdfButton({ category, onUpsell }: CategoryPdfButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const subscriptions = usePremiumSubscriptions();
  const isPremium = useIsPremium();
  const [busy, setBusy] = useState(false);

  async function downloadPdf() {
    sendEvent('pdf_download_click', { category_id: category.id });
    if (!category.lists.some((list) => list.quantity > 0)) return notify(t('errors.no_document'), 'error');
    // Known to be on the free plan: no request. While the plan is unknown, the server decides.
    if (subscriptions.isSuccess && !isPremium) return onUpsell();
    setBusy(true);
    try {
      saveFile(await download(vocabularyEndpoints.categoryPdf, { params: { id: category.id } }));
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'premium_required') onUpsell();
      else notify(errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <PictureAsPdfOutlinedIcon />}
      disabled={busy}
      onClick={() => void downloadPdf()}
      sx={{ flexShrink: 0 }}
    >
      {busy ? t('vocabulary.pdfPreparing') : t('vocabulary.downloadPdf')}
    </Button>
  );
}
