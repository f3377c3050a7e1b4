import { TOKEN_STORAGE_KEY } from '@vocagarden/contract';

/** The API token lives in localStorage under the spec's key; only its presence gates routes. */
export const tokenStorage = {
  get: (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY),
};
