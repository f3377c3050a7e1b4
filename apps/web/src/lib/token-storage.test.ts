import { TOKEN_STORAGE_KEY } from '@vocagarden/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './testing/memory-storage.ts';
import { tokenStorage } from './token-storage.ts';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});

describe('the stored token', () => {
  it("keeps the session in localStorage under the spec's key", () => {
    tokenStorage.set('mine');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('mine');
    expect(tokenStorage.get()).toBe('mine');
    tokenStorage.clear();
    expect(tokenStorage.get()).toBeNull();
  });

  it("lets one tab view the app as someone else, and ending that leaves the staff member's session", () => {
    tokenStorage.set('staff');
    tokenStorage.setViewAs('learner');
    expect(tokenStorage.get()).toBe('learner');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('staff');
    tokenStorage.clear();
    expect(tokenStorage.get()).toBe('staff');
    tokenStorage.clear();
    expect(tokenStorage.get()).toBeNull();
  });

  it('ends viewing as someone else when the tab signs in for itself', () => {
    tokenStorage.setViewAs('learner');
    tokenStorage.set('own');
    expect(tokenStorage.get()).toBe('own');
  });

  it('tells its listeners of every change of session, until they stop listening', () => {
    const heard = vi.fn();
    const stopListening = tokenStorage.onChange(heard);
    tokenStorage.set('staff');
    tokenStorage.setViewAs('learner');
    tokenStorage.clear();
    expect(heard).toHaveBeenCalledTimes(3);
    stopListening();
    tokenStorage.clear();
    expect(heard).toHaveBeenCalledTimes(3);
  });
});
