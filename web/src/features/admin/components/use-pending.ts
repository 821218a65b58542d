import { type MutationKey, useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * The variables of the pending mutations under `mutationKey`, keyed by `idOf`. Read from the
 * mutation cache, so a row that scrolls out of the window and back still shows its busy state.
 */
export function usePending<V>(mutationKey: MutationKey, idOf: (variables: V) => string): Map<string, V> {
  const pending = useMutationState({ filters: { mutationKey, status: 'pending' }, select: (mutation) => mutation.state.variables as V });
  return useMemo(() => new Map(pending.map((variables) => [idOf(variables), variables])), [pending, idOf]);
}
