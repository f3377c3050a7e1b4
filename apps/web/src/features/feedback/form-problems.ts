import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * What is wrong with each field of a form, checked with the contract's own schema (the server
 * runs the same one) and said in the interface language: the first problem per field.
 */
export function formProblems<Field extends string>(
  t: TFunction,
  schema: z.ZodType,
  values: Partial<Record<Field, unknown>>,
): Partial<Record<Field, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field === undefined || problems[field] !== undefined) continue;
    const value = values[field];
    const blank = value === undefined || (typeof value === 'string' && value.trim() === '');
    problems[field] =
      issue.code === 'invalid_value'
        ? t('feedback.form.chooseKind')
        : blank || issue.code === 'too_small'
          ? t('feedback.form.required')
          : issue.code === 'too_big'
            ? t('feedback.form.tooLong', { max: Number(issue.maximum) })
            : issue.code === 'invalid_format'
              ? t('feedback.form.invalidEmail')
              : t('feedback.form.invalid');
  }
  return problems;
}

/** "120/2000" under a long text field, so its limit is no surprise. */
export function lengthCounter(t: TFunction, text: string, max: number | null): string | undefined {
  return max === null ? undefined : t('feedback.form.counter', { length: text.trim().length, max });
}
