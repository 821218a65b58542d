import { useSyncExternalStore } from 'react';
import { matchRoute } from '@shared/routes';
import type { WorkspaceId } from './query-keys';

/**
 * The workspace the signed-in app shows: the person's own (null) or a team's (its id). A call of a
 * workspace route carries it as `?workspace=<team id>` (api-client.ts): the query's own workspace
 * (the one in its key, lib/query-keys.ts), else the current one. The choice is kept in this
 * browser (localStorage) across visits. docs/architecture.md, "Team workspaces".
 */
const STORAGE_KEY = 'construct.workspace';
const listeners = new Set<() => void>();

function read(): WorkspaceId {
  try {
    return localStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null; // storage disabled: the personal workspace
  }
}

let current: WorkspaceId = typeof window === 'undefined' ? null : read();

/** Why a team's workspace is read-only for its viewer (lib/api/get-teams.ts, useReadOnlyReason), shown where the withheld controls would be. */
export const VIEWER_READ_ONLY = 'You are a viewer of this team: you can read, copy and run its prompts, not change them. An owner can make you an editor.';

export const currentWorkspaceId = (): WorkspaceId => current;

/**
 * Switches the workspace (null: personal). Nothing is reset: the queries of the new workspace have
 * keys of their own (lib/query-keys.ts), so the screens load them, or show what was read there before.
 */
export function setCurrentWorkspace(teamId: WorkspaceId): void {
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
export function useCurrentWorkspaceId(): WorkspaceId {
  return useSyncExternalStore(subscribe, currentWorkspaceId, () => null);
}

/**
 * Whether a call acts on a workspace, and so names the current one if it is a team's: its route in
 * the route table (shared/routes.ts) is marked `workspace`. `path` is below the API base, without
 * the query string.
 */
export function actsOnWorkspace(method: string, path: string): boolean {
  const match = matchRoute(method, path);
  return match !== null && 'route' in match && match.route.workspace !== undefined;
}
