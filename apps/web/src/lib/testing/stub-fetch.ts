import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { memoryStorage } from './memory-storage.ts';

/** An answer with a JSON body, as the API sends one. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * For each test of the calling file: `fetch` is the returned mock, emptied, and localStorage and
 * sessionStorage are new in-memory ones.
 */
export function stubFetchAndStorage(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
