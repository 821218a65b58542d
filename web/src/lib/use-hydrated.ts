import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true once the page is the app's
 * (docs/decisions.md, "Prerendered public pages"). A form's submit waits for it: a submit before
 * the script takes over would post the form to a page that cannot take it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
