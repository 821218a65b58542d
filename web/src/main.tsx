// Global styles first, so component and page styles that follow can refine them.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { getAccessToken } from '@/lib/auth-token';
import { App } from './app/app';
import { loadRoutesFor, routes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

/**
 * What the HTML shows before the app (the shell's splash, or a prerendered page the app will not
 * hydrate) stays until the app paints its first element, then goes in the same frame: no blank
 * moment and no layout shift (docs/architecture.md, "Prerendered pages and the splash").
 */
function holdUntilAppPaints(root: HTMLElement): void {
  const held: Element[] = [...document.querySelectorAll('.boot-splash')];
  if (root.firstChild) {
    // createRoot empties its container at the first commit, often an empty one (the session check).
    const page = document.createElement('div');
    page.className = 'boot-held';
    page.append(...root.childNodes);
    root.before(page);
    held.push(page);
  }
  if (!held.length) return;
  const observer = new MutationObserver(() => {
    if (!root.firstChild) return;
    observer.disconnect();
    for (const element of held) element.remove();
  });
  observer.observe(root, { childList: true });
}

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

// A prerendered page was built for a visitor without a session: hydrate it when that is who is
// here. With a stored token the app first checks the session and renders nothing meanwhile, so
// the page is held and replaced instead (hydrating it would not match).
if (container.hasAttribute('data-prerendered') && !getAccessToken()) {
  await loadRoutesFor(window.location.pathname);
  hydrateRoot(container, app(createBrowserRouter(routes)));
} else {
  holdUntilAppPaints(container);
  createRoot(container).render(app(createBrowserRouter(routes)));
}
