import {
  accountEndpoints,
  authEndpoints,
  listsEndpoints,
  TOKEN_STORAGE_KEY,
  vocabularyEndpoints,
} from '@vocagarden/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  call,
  download,
  onUnauthorized,
  UnexpectedResponseError,
  worthRetrying,
} from './api-client.ts';
import { json, stubFetchAndStorage } from './testing/stub-fetch.ts';

const list = {
  id: 7,
  title: 'Fruit',
  graphic_uri: '/g.png',
  alt: 'fruit',
  lexicon: '1-2',
  quantity: 2,
  is_premium: false,
};

const fetchMock = stubFetchAndStorage();

/** The URL and options of the one request made. */
function sent(): { url: string; init: RequestInit; headers: Record<string, string> } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init = {}] = fetchMock.mock.calls[0]!;
  return { url: String(url), init, headers: { ...(init.headers as Record<string, string> | undefined) } };
}

describe('call', () => {
  it('fills in path parameters and the query, with the stored token and no body', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc123');
    fetchMock.mockResolvedValue(json(200, { ...list, category_id: null, level: null, is_owner: true, words: [] }));

    const detail = await call(listsEndpoints.detail, { params: { id: 7 }, query: { translations: 'all' } });

    const { url, init, headers } = sent();
    expect(url).toBe('/cyberapi/vocabulletins/7/?translations=all');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers).toEqual({ authorization: 'Token abc123' });
    expect(detail.words).toEqual([]);
  });

  it('leaves out the header without a token and the query when it is empty', async () => {
    fetchMock.mockResolvedValue(json(200, []));

    await expect(call(authEndpoints.providers)).resolves.toEqual([]);

    const { url, headers } = sent();
    expect(url).toBe('/cyberapi/auth/providers/');
    expect(headers).toEqual({});
  });

  it('encodes path parameters and query values', async () => {
    fetchMock.mockResolvedValue(json(200, { detail: 'ok' }));

    await call(listsEndpoints.removeWord, { params: { id: 3, vocaId: '4' } }).catch(() => undefined);

    expect(sent().url).toBe('/cyberapi/vocabulletins/3/words/4/');
  });

  it('sends the body as JSON and returns the validated answer', async () => {
    fetchMock.mockResolvedValue(json(201, { ...list, extra: 'dropped' }));

    const created = await call(listsEndpoints.create, { body: { title: 'Fruit' } });

    const { url, init, headers } = sent();
    expect(url).toBe('/cyberapi/vocabulletins/');
    expect(init.method).toBe('POST');
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ title: 'Fruit' });
    // Parsed by the contract's schema: unknown keys do not reach the app.
    expect(created).toEqual(list);
  });

  it('returns null for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(call(listsEndpoints.remove, { params: { id: 9 } })).resolves.toBeNull();

    const { url, init } = sent();
    expect(url).toBe('/cyberapi/vocabulletins/9/');
    expect(init.method).toBe('DELETE');
  });

  it('tells the unauthorized listeners when a call made with a token gets 401', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'dead');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValue(json(401, { detail: 'Invalid token.', code: 'invalid_token' }));

    const error = await call(accountEndpoints.profile).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_token', message: 'Invalid token.' });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not log out on a 401 to a call made without a token', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValue(json(401, { detail: 'Invalid Credentials', code: 'invalid_credentials' }));

    await expect(call(authEndpoints.login, { body: { email: 'a@b.co', password: 'x' } })).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it('carries the error body: field errors, detail and code', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { email: ['A user with that email already exists.'], password: ['x'] }));
    const fields = await call(authEndpoints.passwordReset, { body: { email: 'a@b.co' } }).catch(
      (caught: unknown) => caught,
    );
    expect(fields).toBeInstanceOf(ApiRequestError);
    if (!(fields instanceof ApiRequestError)) return;
    expect(fields.status).toBe(400);
    expect(fields.code).toBeUndefined();
    expect(fields.message).toBe('Request failed with 400');
    expect(fields.fieldErrors).toEqual({ email: ['A user with that email already exists.'], password: ['x'] });

    fetchMock.mockResolvedValueOnce(json(403, { detail: 'Premium only.', code: 'premium_required' }));
    const single = await call(listsEndpoints.create, { body: { title: 'x' } }).catch((caught: unknown) => caught);
    expect(single).toMatchObject({ status: 403, code: 'premium_required', message: 'Premium only.', fieldErrors: {} });
  });

  it('carries the code of each field error, and a field named "code"', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        email: ['Invalid email address'],
        code: ['Enter the 6-digit code.'],
        field_codes: { email: ['invalid_email'], code: ['code_format'] },
      }),
    );
    const error = (await call(authEndpoints.loginCodeVerify, { body: { email: 'a', code: '1' } }).catch(
      (caught: unknown) => caught,
    )) as ApiRequestError;
    expect(error.code).toBeUndefined();
    expect(error.fieldErrors).toEqual({ email: ['Invalid email address'], code: ['Enter the 6-digit code.'] });
    expect(error.fieldCodes).toEqual({ email: ['invalid_email'], code: ['code_format'] });
  });

  it('keeps the status when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await call(authEndpoints.providers).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 502, body: {}, code: undefined });
  });

  it("keeps the seconds of a 429's Retry-After header, in seconds or as a date", async () => {
    const throttled = (retryAfter?: string) =>
      new Response(JSON.stringify({ detail: 'Too many requests. Please try again later.', code: 'throttled' }), {
        status: 429,
        headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
      });
    const login = () =>
      call(authEndpoints.login, { body: { email: 'a@b.co', password: 'x' } }).catch((caught: unknown) => caught);

    fetchMock.mockResolvedValueOnce(throttled('540'));
    expect(await login()).toMatchObject({ status: 429, code: 'throttled', retryAfterSeconds: 540 });
    fetchMock.mockResolvedValueOnce(throttled(new Date(Date.now() + 120_000).toUTCString()));
    const dated = (await login()) as ApiRequestError;
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(119);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(120);
    fetchMock.mockResolvedValueOnce(throttled());
    expect(await login()).toMatchObject({ status: 429, retryAfterSeconds: undefined });
    // Without the header (a proxy may drop it), the body's retry_after.
    fetchMock.mockResolvedValueOnce(json(429, { detail: 'Too many', code: 'throttled', retry_after: 300 }));
    expect(await login()).toMatchObject({ status: 429, retryAfterSeconds: 300 });
  });

  it('rejects a successful answer that does not match the contract', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [{ ...list, id: 'seven' }]));
    const wrongType = await call(listsEndpoints.mine).catch((caught: unknown) => caught);
    expect(wrongType).toBeInstanceOf(UnexpectedResponseError);
    expect(wrongType).toMatchObject({
      message: 'GET /vocabulletins/ answered a body that does not match the contract',
    });
    if (wrongType instanceof UnexpectedResponseError) expect(wrongType.issues[0]?.path).toEqual([0, 'id']);

    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 200 }));
    await expect(call(listsEndpoints.mine)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('is typed by the endpoint', () => {
    // Type checks only (tsc -p apps/web): the input each endpoint declares is required, nothing else is accepted.
    const typeChecks = () => {
      // @ts-expect-error: the list's id is missing
      void call(listsEndpoints.remove);
      // @ts-expect-error: this endpoint takes no body
      void call(listsEndpoints.mine, { body: { title: 'x' } });
      // @ts-expect-error: the title must be a string
      void call(listsEndpoints.create, { body: { title: 1 } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('download', () => {
  const pdf = (headers: Record<string, string>) =>
    new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), { status: 200, headers });

  it('fetches the file with the stored token and names it as the server suggests', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc123');
    fetchMock.mockResolvedValue(
      pdf({
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="A1-people-and-family.pdf"',
      }),
    );

    const file = await download(vocabularyEndpoints.categoryPdf, { params: { id: 101 } });

    const { url, init, headers } = sent();
    expect(url).toBe('/cyberapi/vocacategories/101/pdf/');
    expect(init.method).toBe('GET');
    expect(headers).toEqual({ authorization: 'Token abc123' });
    expect(file).toBeInstanceOf(Blob);
    expect(file.name).toBe('A1-people-and-family.pdf');
    expect(file.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('%PDF-');
  });

  it('reads an RFC 5987 name, and falls back to a generic one without a header', async () => {
    fetchMock.mockResolvedValueOnce(
      pdf({ 'content-disposition': 'attachment; filename="x.pdf"; filename*=UTF-8\'\'B%C4%B0R.pdf' }),
    );
    const named = await download(vocabularyEndpoints.categoryPdf, { params: { id: 1 } });
    expect(named.name).toBe('BİR.pdf');
    // No content type from the server: the endpoint's own.
    expect(named.type).toBe('application/pdf');

    fetchMock.mockResolvedValueOnce(pdf({}));
    expect((await download(vocabularyEndpoints.categoryPdf, { params: { id: 1 } })).name).toBe('download');
  });

  it('throws ApiRequestError with the code, like call()', async () => {
    fetchMock.mockResolvedValueOnce(
      json(403, { detail: 'This feature is only available for premium users.', code: 'premium_required' }),
    );
    const refused = await download(vocabularyEndpoints.categoryPdf, { params: { id: 1 } }).catch(
      (caught: unknown) => caught,
    );
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 403, code: 'premium_required' });

    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(download(vocabularyEndpoints.categoryPdf, { params: { id: 1 } })).rejects.toMatchObject({
      status: 502,
      code: undefined,
    });
  });

  it('logs out on a 401 to a download made with a token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'dead');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValue(json(401, { detail: 'Invalid token.', code: 'invalid_token' }));

    await expect(download(vocabularyEndpoints.categoryPdf, { params: { id: 1 } })).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only takes file endpoints, with their input', () => {
    const typeChecks = () => {
      // @ts-expect-error: a JSON endpoint is fetched with call()
      void download(listsEndpoints.mine);
      // @ts-expect-error: the category's id is missing
      void download(vocabularyEndpoints.categoryPdf);
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('asking again after a failure', () => {
  it('retries network and server failures twice, and never a client error', () => {
    const offline = new TypeError('Failed to fetch');
    const unavailable = new ApiRequestError(503, {});
    expect([0, 1, 2].map((failures) => worthRetrying(failures, offline))).toEqual([true, true, false]);
    expect([0, 1, 2].map((failures) => worthRetrying(failures, unavailable))).toEqual([true, true, false]);
    expect(worthRetrying(0, new ApiRequestError(401, {}))).toBe(false);
    expect(worthRetrying(0, new ApiRequestError(429, {}))).toBe(false);
  });
});
