import { analyticsEndpoints, contactMessageBodySchema } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/index.ts';
import { formProblems, lengthCounter } from '../feedback/index.ts';

export const CONTACT_EMAIL = 'hello@vocagarden.app';

type Field = 'email' | 'subject' | 'content';
const fields = contactMessageBodySchema.shape;

/** After sending: what happens next, focused so that screen readers say it. */
function Sent({ email, onAnother }: { email: string; onAnother(): void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert severity="success" role="status" data-testid="contact-sent">
      <Typography variant="h6" component="h2" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {t('contact.sentTitle')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('contact.sentText', { email })}</Typography>
      <Button variant="outlined" color="success" onClick={onAnother}>
        {t('contact.sendAnother')}
      </Button>
    </Alert>
  );
}

/** /contact: anyone may write to us; a signed-in learner's address is filled in. */
export function ContactPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The address is the account's until the visitor types one (the profile may arrive after the page).
  const [typed, setTyped] = useState<Partial<Record<Field, string>>>({});
  const values: Record<Field, string> = {
    email: typed.email ?? user?.email ?? '',
    subject: typed.subject ?? '',
    content: typed.content ?? '',
  };
  const [checked, setChecked] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const subjectInput = useRef<HTMLInputElement>(null);
  const contentInput = useRef<HTMLTextAreaElement>(null);
  const send = useMutation({
    mutationFn: (body: Record<Field, string>) => call(analyticsEndpoints.contactMessage, { body }),
  });

  const trimmed = { email: values.email.trim(), subject: values.subject, content: values.content };
  const problems = checked ? formProblems(t, contactMessageBodySchema, trimmed) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = formProblems(t, contactMessageBodySchema, trimmed);
    const first = [
      [found.email, emailInput],
      [found.subject, subjectInput],
      [found.content, contentInput],
    ].find(([problem]) => problem);
    if (first) return (first[1] as typeof emailInput).current?.focus();
    send.mutate(contactMessageBodySchema.parse(trimmed));
  };

  const field = (name: Field) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setTyped({ ...typed, [name]: event.target.value }),
    error: Boolean(problems[name]),
    required: true,
    fullWidth: true,
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('contact.title')}
      </Typography>
      {send.isSuccess ? (
        <Sent
          email={send.variables?.email ?? ''}
          onAnother={() => {
            setTyped({ ...typed, subject: '', content: '' });
            setChecked(false);
            send.reset();
          }}
        />
      ) : (
        <>
          <Typography paragraph>{t('contact.text')}</Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t('contact.title')}>
              {send.error && <Alert severity="error">{errorText(t, send.error)}</Alert>}
              <TextField
                label={t('contact.email')}
                type="email"
                autoComplete="email"
                helperText={problems.email}
                inputRef={emailInput}
                {...field('email')}
              />
              <TextField
                label={t('contact.subject')}
                helperText={problems.subject ?? lengthCounter(t, values.subject, fields.subject.maxLength)}
                inputRef={subjectInput}
                {...field('subject')}
              />
              <TextField
                label={t('contact.message')}
                multiline
                minRows={6}
                helperText={problems.content ?? lengthCounter(t, values.content, fields.content.maxLength)}
                inputRef={contentInput}
                {...field('content')}
              />
              <div>
                <Button type="submit" variant="contained" size="large" loading={send.isPending}>
                  {t('contact.send')}
                </Button>
              </div>
            </Stack>
          </Paper>
          <Typography sx={{ mt: 3 }}>
            {t('contact.orWrite')} <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link>
          </Typography>
        </>
      )}
    </Container>
  );
}
