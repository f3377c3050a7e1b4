import type { SandboxProvider } from './provider.ts';

/**
 * The test provider for development and browser tests: checkout leads to the web app's sandbox
 * page (/premium/sandbox/{order}), whose Pay and Decline buttons call POST premium/sandbox/{order}/.
 * It grants premium without taking money, so production refuses it unless chosen explicitly.
 */
export function sandboxProvider(): SandboxProvider {
  return {
    name: 'sandbox',
    async start({ orderId }) {
      return { redirectUrl: `/premium/sandbox/${orderId}`, token: null };
    },
  };
}
