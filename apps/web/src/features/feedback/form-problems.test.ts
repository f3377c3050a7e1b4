import { contactMessageBodySchema, issueReportBodySchema } from '@vocagarden/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formProblems } from './form-problems.ts';

/** Shows the key and its values instead of a translation. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('form problems, checked with the contract', () => {
  it('says which contact fields are missing, malformed or too long', () => {
    expect(formProblems(t, contactMessageBodySchema, { email: '', subject: ' ', content: '' })).toEqual({
      email: 'feedback.form.required',
      subject: 'feedback.form.required',
      content: 'feedback.form.required',
    });
    expect(
      formProblems(t, contactMessageBodySchema, {
        email: 'not an address',
        subject: 's'.repeat(201),
        content: 'a\0b',
      }),
    ).toEqual({
      email: 'feedback.form.invalidEmail',
      subject: 'feedback.form.tooLong {"max":200}',
      content: 'feedback.form.invalid',
    });
    expect(
      formProblems(t, contactMessageBodySchema, { email: 'a@example.com', subject: 'Hi', content: 'Hello' }),
    ).toEqual({});
  });

  it('asks for the kind of problem and a description', () => {
    expect(formProblems(t, issueReportBodySchema, { issue_id: '', issue_description: '' })).toEqual({
      issue_id: 'feedback.form.chooseKind',
      issue_description: 'feedback.form.required',
    });
    expect(
      formProblems(t, issueReportBodySchema, { issue_id: 'audio', issue_description: 'x'.repeat(2001), page: '/' }),
    ).toEqual({ issue_description: 'feedback.form.tooLong {"max":2000}' });
  });
});
