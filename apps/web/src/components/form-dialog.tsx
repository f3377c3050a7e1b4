import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormField {
  name: string;
  label: string;
  initial?: string;
  multiline?: boolean;
  required?: boolean;
  /** A line under the field: what the value means or what submitting it does. */
  helperText?: string;
}

export interface FormDialogProps {
  open: boolean;
  title: string;
  fields: FormField[];
  submitLabel: string;
  pending?: boolean;
  onSubmit(values: Record<string, string>): void;
  onClose(): void;
}

function FormDialogBody({ title, fields, submitLabel, pending, onSubmit, onClose }: Omit<FormDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() =>
    Object.fromEntries(fields.map((field) => [field.name, field.initial ?? ''])),
  );
  const missing = fields.some((field) => field.required !== false && !values[field.name]?.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!missing) onSubmit(values);
  };
  return (
    <form onSubmit={submit}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields.map((field, index) => (
            <TextField
              key={field.name}
              label={field.label}
              value={values[field.name]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              multiline={field.multiline}
              minRows={field.multiline ? 3 : undefined}
              autoFocus={index === 0}
              required={field.required !== false}
              helperText={field.helperText}
              fullWidth
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={missing} loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** A small form in a dialog (titles, names, PINs); its fields start fresh each time it opens. */
export function FormDialog({ open, onClose, ...body }: FormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      {open && <FormDialogBody {...body} onClose={onClose} />}
    </Dialog>
  );
}
