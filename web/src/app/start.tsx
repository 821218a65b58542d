import { StrictMode, useEffect } from 'react';
import { createBrowserRouter, type DataRouter } from 'react-router-dom';
import { App } from './app';
import { routes } from './router';

/**
 * The app as main.tsx starts it in the browser, loaded after React DOM as a step of its own
 * (docs/architecture.md, "Prerendered pages"): the router over the routes, and the element to render.
 */
export { loadRoutesFor } from './router';

export function createRouter(): DataRouter {
  return createBrowserRouter(routes);
}

/** Calls `done` after the first commit: for a hydrated page, the moment it is the app's. Renders nothing. */
function AfterFirstCommit({ done }: { done: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit; a later `done` would not be called again.
  useEffect(done, []);
  return null;
}

export function appElement(router: DataRouter, onFirstCommit?: () => void) {
  return (
    <StrictMode>
      <App router={router} />
      {onFirstCommit ? <AfterFirstCommit done={onFirstCommit} /> : null}
    </StrictMode>
  );
}
