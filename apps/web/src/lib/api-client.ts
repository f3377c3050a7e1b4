import { API_BASE, type ErrorBody, type FieldErrors } from '@vocagarden/contract';
import { tokenStorage } from './token-storage.ts';

/** A failed API call, carrying the server's DRF-style body for translation. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> & FieldErrors,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `Request failed with ${status}`);
  }

  get code(): string | undefined {
    return typeof this.body.code === 'string' ? this.body.code : undefined;
  }

  /** Field errors (`{"email": ["…"]}`), without the single-message keys. */
  get fieldErrors(): FieldErrors {
    const { detail: _detail, code: _code, ...fields } = this.body;
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => Array.isArray(value))) as FieldErrors;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when the server says the stored token is no longer valid: the app logs out. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const token = tokenStorage.get();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Token ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(API_BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiRequestError(response.status, (data ?? {}) as ApiRequestError['body']);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T = void>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};
