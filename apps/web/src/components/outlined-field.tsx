import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

type FieldProps = Pick<
  OutlinedInputProps,
  'type' | 'name' | 'autoComplete' | 'value' | 'onChange' | 'disabled' | 'required' | 'autoFocus' | 'inputProps'
>;

/**
 * A text field as MUI's TextField draws it (outlined: label, notched outline, helper text, and the
 * same ids and ARIA links), built from its parts. TextField also imports Select, and with it menus
 * and modals, which the sign-in page, part of the first page, has no use for (decision 027).
 */
export function OutlinedField({
  label,
  helperText,
  disabled,
  required,
  ...input
}: FieldProps & { label: ReactNode; helperText?: ReactNode }) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" disabled={disabled} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
