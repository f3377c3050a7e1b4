import { cefrLevelSchema, isUiLanguage, nativeLanguages, type CefrLevel, type UiLanguage } from '@vocagarden/contract';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n.ts';

/** The first of the browser's preferred languages that the app speaks, if any. */
export function browserLanguage(): UiLanguage | undefined {
  return navigator.languages.map((tag) => tag.split('-')[0]!.toLowerCase()).find(isUiLanguage);
}

/**
 * The native language being chosen, starting from `initial`. The interface shows the language
 * chosen, from the start and after every change (the learner's native language is the app's
 * language, spec §1): the page speaks the language it proposes.
 */
export function useNativeLanguageChoice(initial: UiLanguage): [UiLanguage, (language: UiLanguage) => void] {
  const { i18n } = useTranslation();
  const [language, setLanguage] = useState(initial);
  useEffect(() => {
    if (i18n.resolvedLanguage !== language) void changeLanguage(language);
  }, [i18n, i18n.resolvedLanguage, language]);
  return [language, setLanguage];
}

export function NativeLanguageField({
  value,
  onChange,
}: {
  value: UiLanguage;
  onChange: (language: UiLanguage) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('onboarding.nativeLanguage')}
      helperText={t('onboarding.nativeLanguageHelp')}
      value={value}
      onChange={(event) => {
        if (isUiLanguage(event.target.value)) onChange(event.target.value);
      }}
    >
      {nativeLanguages.map((language) => (
        <MenuItem key={language.code} value={language.code} lang={language.code}>
          {language.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The six CEFR levels, each with its name and a line saying what it means, to pick where to start. */
export function StartingLevelField({
  value,
  onChange,
  error,
}: {
  value: CefrLevel | null;
  onChange: (level: CefrLevel) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id="starting-level-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t('onboarding.startingLevel')}
      </FormLabel>
      <FormHelperText sx={{ mx: 0, mb: 1 }} error={false}>
        {t('onboarding.startingLevelHelp')}
      </FormHelperText>
      <RadioGroup
        aria-labelledby="starting-level-label"
        value={value ?? ''}
        onChange={(event) => {
          const level = cefrLevelSchema.safeParse(event.target.value);
          if (level.success) onChange(level.data);
        }}
      >
        {cefrLevelSchema.options.map((level) => (
          <FormControlLabel
            key={level}
            value={level}
            control={<Radio size="small" />}
            sx={{ alignItems: 'flex-start', mr: 0, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <span>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {level} · {t(`vocabulary.levelNames.${level}`)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t(`onboarding.levelHints.${level}`)}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
}
