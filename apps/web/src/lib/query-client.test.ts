import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client.ts';
import { memoryStorage } from './testing/memory-storage.ts';
import { tokenStorage } from './token-storage.ts';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});

describe("the app's query cache", () => {
  it.each([
    ['signing in', () => tokenStorage.set('learner')],
    ['viewing the app as someone else', () => tokenStorage.setViewAs('learner')],
    ['signing out', () => tokenStorage.clear()],
  ])("holds one session's answers: %s empties it", (_change, change) => {
    queryClient.setQueryData(['home'], { greeting: 'Welcome back' });
    change();
    expect(queryClient.getQueryData(['home'])).toBeUndefined();
  });
});
