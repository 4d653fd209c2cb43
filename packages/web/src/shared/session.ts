import { useSyncExternalStore } from 'react';

/**
 * The session token lives in localStorage (so every tab shares one sign-in) and is mirrored in a
 * tiny store so the guards re-render the moment it is set or cleared, in this tab or another.
 */
export const TOKEN_STORAGE_KEY = 'token';

const listeners = new Set<() => void>();

function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

let token: string | null = readToken();

function emit(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    token = readToken();
    emit();
  });
}

export function getToken(): string | null {
  return token;
}

export function setToken(value: string): void {
  token = value;
  try {
    globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, value);
  } catch {
    // Storage disabled: the token lives in memory for this page.
  }
  emit();
}

/** Clears the token; the guards then send the operator to the sign-in page. */
export function clearToken(): void {
  token = null;
  try {
    globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}

/** A post-login redirect target must be an in-app path, never another origin. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login') || value.startsWith('/registry')) return fallback;
  return value;
}
