import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';

/**
 * A fake iyzico on loopback for the Checkout Form: the two endpoints the official SDK calls, signed
 * as iyzico signs. It signs with the SDK's own helper (iyzipay/lib/utils.js), never with our code,
 * so a mistake in our verification cannot agree with itself. Tests say how each checkout ends.
 */

const require = createRequire(import.meta.url);
const iyzipayUtils = require('iyzipay/lib/utils.js') as {
  calculateHmacSHA256Signature(params: unknown[], secretKey: string): string;
};

export const FAKE_IYZICO_KEYS = { apiKey: 'sandbox-fake-api-key', secretKey: 'sandbox-fake-secret-key' };

const INITIALIZE_PATH = '/payment/iyzipos/checkoutform/initialize/auth/ecom';
const RETRIEVE_PATH = '/payment/iyzipos/checkoutform/auth/ecom/detail';

export interface FakeForm {
  token: string;
  /** The initialize request as the SDK sent it. */
  request: Record<string, unknown> & {
    price: string;
    paidPrice: string;
    currency: string;
    basketId: string;
    conversationId: string;
    callbackUrl: string;
    buyer: Record<string, string>;
    basketItems: Record<string, string>[];
  };
  paymentStatus: 'PENDING' | 'SUCCESS' | 'FAILURE';
  paymentId: string | null;
  /** Changes the retrieve answer after it is signed (a man in the middle); resign signs it again. */
  tamper?: { change: (answer: Record<string, unknown>) => void; resign: boolean };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** IYZWSv2: base64("apiKey:…&randomKey:…&signature:HMAC-SHA256(secret, random + path + body)"). */
function authorized(request: IncomingMessage, path: string, body: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('IYZWSv2 ')) return false;
  const fields = Object.fromEntries(
    Buffer.from(header.slice('IYZWSv2 '.length), 'base64')
      .toString('utf8')
      .split('&')
      .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]),
  );
  const random = request.headers['x-iyzi-rnd'];
  const expected = createHmac('sha256', FAKE_IYZICO_KEYS.secretKey)
    .update(`${String(random)}${path}${body}`)
    .digest('hex');
  return fields.apiKey === FAKE_IYZICO_KEYS.apiKey && fields.randomKey === random && fields.signature === expected;
}

export async function startFakeIyzico() {
  const forms = new Map<string, FakeForm>();
  const calls = { initialize: 0, retrieve: 0 };
  let down = false;
  const sign = (values: unknown[]) => iyzipayUtils.calculateHmacSHA256Signature(values, FAKE_IYZICO_KEYS.secretKey);

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = (request.url ?? '').split('?')[0]!;
      const answer = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      };
      if (down) {
        response.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
        return;
      }
      if (!authorized(request, path, body)) {
        answer(200, { status: 'failure', errorCode: '1001', errorMessage: 'api bilgileri bulunamadı' });
        return;
      }
      const data = JSON.parse(body) as Record<string, unknown>;
      if (request.method === 'POST' && path === INITIALIZE_PATH) {
        calls.initialize += 1;
        const token = randomUUID();
        forms.set(token, { token, request: data as FakeForm['request'], paymentStatus: 'PENDING', paymentId: null });
        const conversationId = String(data.conversationId);
        answer(200, {
          status: 'success',
          locale: data.locale,
          systemTime: Date.now(),
          conversationId,
          token,
          checkoutFormContent: '<script type="text/javascript">/* iyzico form */</script>',
          tokenExpireTime: 1800,
          paymentPageUrl: `https://sandbox-cpp.iyzipay.com?token=${token}&lang=tr`,
          signature: sign([conversationId, token]),
        });
        return;
      }
      if (request.method === 'POST' && path === RETRIEVE_PATH) {
        calls.retrieve += 1;
        const form = forms.get(String(data.token));
        if (!form || form.paymentStatus === 'PENDING') {
          answer(200, { status: 'failure', errorCode: '5136', errorMessage: 'ödeme bulunamadı' });
          return;
        }
        const result: Record<string, unknown> = {
          status: 'success',
          locale: data.locale,
          systemTime: Date.now(),
          conversationId: form.request.conversationId,
          price: Number(form.request.price),
          paidPrice: Number(form.request.paidPrice),
          installment: 1,
          paymentId: form.paymentId,
          fraudStatus: 1,
          basketId: form.request.basketId,
          currency: form.request.currency,
          token: form.token,
          callbackUrl: form.request.callbackUrl,
          paymentStatus: form.paymentStatus,
        };
        const signed = () =>
          sign(
            ['paymentStatus', 'paymentId', 'currency', 'basketId', 'conversationId', 'paidPrice', 'price', 'token'].map(
              (field) => result[field],
            ),
          );
        result.signature = signed();
        if (form.tamper) {
          form.tamper.change(result);
          if (form.tamper.resign) result.signature = signed();
        }
        answer(200, result);
        return;
      }
      answer(404, { status: 'failure', errorCode: '404', errorMessage: 'not found' });
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const formFor = (token: string) => {
    const form = forms.get(token);
    if (!form) throw new Error('no such checkout form');
    return form;
  };

  return {
    uri: `http://127.0.0.1:${port}`,
    calls,
    form: formFor,
    /** The learner finishes the form: card accepted or declined. */
    complete(token: string, outcome: 'SUCCESS' | 'FAILURE') {
      const form = formFor(token);
      form.paymentStatus = outcome;
      form.paymentId = outcome === 'SUCCESS' ? String(20_000_000 + Math.floor(Math.random() * 1_000_000)) : null;
    },
    tamper(token: string, change: FakeForm['tamper']) {
      formFor(token).tamper = change;
    },
    setDown(value: boolean) {
      down = value;
    },
    /**
     * iyzico's hosted-page notification for a form and its X-IYZ-SIGNATURE-V3, written out as
     * iyzico's webhook docs give it: hex HMAC-SHA256 keyed with the secret key over secretKey +
     * iyziEventType + iyziPaymentId + token + paymentConversationId + status.
     */
    notification(token: string) {
      const form = formFor(token);
      const body = {
        paymentConversationId: form.request.conversationId,
        merchantId: '3396118',
        token: form.token,
        status: form.paymentStatus,
        iyziReferenceCode: randomUUID(),
        iyziEventType: 'CHECKOUT_FORM_AUTH',
        iyziEventTime: Date.now(),
        iyziPaymentId: Number(form.paymentId ?? 0),
      };
      const { secretKey } = FAKE_IYZICO_KEYS;
      const signature = createHmac('sha256', secretKey)
        .update(
          secretKey +
            body.iyziEventType +
            String(body.iyziPaymentId) +
            body.token +
            body.paymentConversationId +
            body.status,
        )
        .digest('hex');
      return { body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeIyzico = Awaited<ReturnType<typeof startFakeIyzico>>;
