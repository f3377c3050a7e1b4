import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

/**
 * A real OpenID provider (oidc-provider) on loopback. Its login and consent "screens" accept at
 * once as `signInAs` says, so tests can drive the whole redirect dance with plain HTTP.
 */
export async function startOidcProvider(redirectUri: string) {
  const accounts = new Map<string, TestAccount>();
  let signInAs = '';
  const httpServer = createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'vocagarden',
        client_secret: 'test-secret-of-sufficient-length',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined;
    },
  });

  const handle = provider.callback();
  httpServer.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: signInAs } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  return {
    issuer,
    /** The account id is its subject: oidc-provider reports the account id as `sub`. */
    addAccount(account: TestAccount) {
      accounts.set(account.sub, account);
    },
    /** Follows the browser's redirects from the authorization URL until the app's callback URL. */
    async authorize(authorizationUrl: string, subject: string): Promise<URL> {
      signInAs = subject;
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.startsWith(redirectUri)) return new URL(url);
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair] = header.split(';');
          const [name, ...value] = pair!.split('=');
          cookies.set(name!.trim(), value.join('='));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects');
    },
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}
