import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './app/app';
import { loadRoutesFor, routes } from './app/router';

/**
 * The build renders the public pages with this (web/prerender.ts, docs/architecture.md,
 * "Prerendered pages"): the same App and routes as main.tsx, for a visitor without a session,
 * so the browser hydrates exactly this markup. Runs in Node, in the SSR build.
 */
export async function renderPage(pathname: string): Promise<string> {
  await loadRoutesFor(pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  if (!router.state.initialized) throw new Error(`The route modules of ${pathname} did not load before rendering.`);
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  router.dispose();
  return html;
}
