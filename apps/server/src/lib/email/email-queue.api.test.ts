import { expect, it } from 'vitest';
import { uniqueEmail, TEST_PASSWORD } from '../../../test/factories.ts';
import { freePort } from '../../../test/free-port.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, request } from '../../../test/test-app.ts';

it('signs up while SMTP is down, and delivers the welcome mail once SMTP listens', async () => {
  const port = await freePort();
  const app = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  try {
    const email = uniqueEmail('smtp-down');
    const signup = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/signup/',
      payload: { email, password: TEST_PASSWORD, accept_terms: true },
    });
    expect(signup.statusCode).toBe(201);

    // The first delivery attempt fails against the closed port; the job waits for its retry.
    await expect.poll(() => app.jobs.counts('email.send'), { timeout: 10_000 }).toEqual({ retry: 1 });
    const sink = await startSmtpSink({ port });
    try {
      await app.jobs.drain({ timeoutMs: 20_000 });
      const welcome = sink.last(email);
      expect(welcome.subject).toMatch(/VocaGarden/);
    } finally {
      await sink.close();
    }
  } finally {
    await app.close();
  }
});
