import type { Location } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Pages that make no sense as a destination after signing in. */
const AUTH_PAGES: ReadonlySet<string> = new Set([paths.login, paths.register]);

/**
 * A same-origin relative path (`/library?x=1#y`) or null. Rejects absolute URLs, protocol-relative
 * (`//evil.example`) and backslash tricks, so a `return` parameter can never send the user away.
 */
export function safeRelativePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const base = window.location.origin;
    const url = new URL(value, base);
    if (url.origin !== base || AUTH_PAGES.has(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

function pathOf(from: unknown): string | null {
  if (typeof from === 'string') return safeRelativePath(from);
  if (typeof from === 'object' && from !== null && 'pathname' in from) {
    const { pathname, search, hash } = from as Partial<Location>;
    return safeRelativePath(`${pathname ?? ''}${search ?? ''}${hash ?? ''}`);
  }
  return null;
}

/**
 * Where to go after signing in: the page the guard remembered (`location.state.from`), else a
 * `return` or `redirect` query parameter. Null when none is known or it is not a safe local path.
 */
export function originFrom(location: Pick<Location, 'state' | 'search'>): string | null {
  const state = location.state as { from?: unknown } | null | undefined;
  const fromState = pathOf(state?.from);
  if (fromState) return fromState;
  const params = new URLSearchParams(location.search);
  return safeRelativePath(params.get('return')) ?? safeRelativePath(params.get('redirect'));
}
