import { useSyncExternalStore } from 'react';

/**
 * The workspace the signed-in app shows: the person's own (null) or a team's (its id). Every call
 * of a workspace route carries it as `?workspace=<team id>` (api-client.ts), so the features do
 * not pass it around; the choice is kept in this browser (localStorage) across visits.
 * docs/architecture.md, "Team workspaces".
 */
const STORAGE_KEY = 'construct.workspace';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null; // storage disabled: the personal workspace
  }
}

let current: string | null = typeof window === 'undefined' ? null : read();

export const currentWorkspaceId = (): string | null => current;

/** Switches the workspace (null: personal). Callers drop the previous workspace's cached data (useSwitchWorkspace). */
export function setCurrentWorkspace(teamId: string | null): void {
  if (teamId === current) return;
  current = teamId;
  try {
    if (teamId) localStorage.setItem(STORAGE_KEY, teamId);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current workspace's team id (null: personal), re-rendering on a switch. */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(subscribe, currentWorkspaceId, () => null);
}

/**
 * The calls that act on a workspace (the route table's `workspace` routes, shared/routes.ts;
 * tests/unit/workspace-routes.test.ts keeps this pattern equal to them). Matched on the path below
 * the API base, without the query string.
 */
export const WORKSPACE_PATH = /^\/(prompts(\/.*)?|categories(\/.*)?|context\/(directives|snippets)(\/[^/]+)?|registry\/.*|mcp|shared\/[^/]+\/fork)$/;

/** Whether a call to `path` acts on a workspace (and so names the current one, if it is a team's). */
export const actsOnWorkspace = (path: string): boolean => WORKSPACE_PATH.test(path);
