import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Directives, ProfileValues, Snippet, type SnippetInput, SnippetList } from '@shared/contract/context';
import { apiEveryPage, apiRequest } from './api-client';

/**
 * The Context Library calls that more than one feature makes: the Context Library page edits
 * directives and snippets, the workbench fills prompts from them (and stores new values).
 */

/** Every Context Library query lives under this key, so one invalidation refreshes them all. */
export const contextQueryKey = ['context'] as const;

/** GET /context/directives: the global prompt prefix and suffix. */
export function getDirectives({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/context/directives', { schema: Directives, signal });
}

export function directivesQueryOptions() {
  return queryOptions({
    queryKey: [...contextQueryKey, 'directives'],
    queryFn: ({ signal }) => getDirectives({ signal }),
  });
}

export function useDirectives() {
  return useQuery(directivesQueryOptions());
}

/** GET /context/snippets: the user's snippets, sorted by name (every page). */
export function getSnippets({ signal }: { signal?: AbortSignal } = {}) {
  return apiEveryPage('/context/snippets', { schema: SnippetList, signal }, (all, page) => [...all, ...page]);
}

export function snippetsQueryOptions() {
  return queryOptions({
    queryKey: [...contextQueryKey, 'snippets'],
    queryFn: ({ signal }) => getSnippets({ signal }),
  });
}

export function useSnippets() {
  return useQuery(snippetsQueryOptions());
}

/** GET /context/profile: the stored PROFILE values, by key. */
export async function getProfile({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest('/context/profile', { schema: ProfileValues, signal })).values;
}

/** PUT /context/profile/{key}: stores one PROFILE value. */
export async function putProfileValue({ key, value }: { key: string; value: string }): Promise<void> {
  await apiRequest(`/context/profile/${encodeURIComponent(key)}`, { method: 'PUT', json: { value } });
}

/** POST /context/snippets: 201 with the snippet; 403 at max_snippets, 409 for a taken name. */
export function createSnippet(input: SnippetInput) {
  return apiRequest('/context/snippets', { method: 'POST', json: input, schema: Snippet });
}

export function useCreateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSnippet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextQueryKey }),
  });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: [...contextQueryKey, 'profile'],
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** DELETE /context/profile/{key}: forgets one PROFILE value. */
export async function deleteProfileValue(key: string): Promise<void> {
  await apiRequest(`/context/profile/${encodeURIComponent(key)}`, { method: 'DELETE' });
}

/** Saves (PUT) or deletes one PROFILE value; every Context Library view refreshes after. */
export function useProfileMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: contextQueryKey });
  return {
    save: useMutation({ mutationFn: putProfileValue, onSuccess }),
    remove: useMutation({ mutationFn: deleteProfileValue, onSuccess }),
  };
}
