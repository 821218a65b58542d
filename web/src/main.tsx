// Global styles first, so component and page styles that follow can refine them.
import './styles/tokens.css';
import './styles/base.css';

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

/** Ends the current task, so the browser can paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the page's first paint is on screen (the browser's own paint timing says when); in
 * a hidden tab, which paints nothing, at once. A second past the start it gives up waiting.
 */
function firstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, 1000);
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(resolve, 0));
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
}

// A prerendered page paints from its HTML alone, so the app's modules are not even requested until
// that first paint is on screen: this entry imports nothing statically, and the page keeps the
// preloads of every module hydrating imports in a <template>, inert until they are added here, all
// at once so they download side by side (docs/architecture.md, "Prerendered pages"). Starting then
// comes in steps, each its own task, none long enough to hold up a phone's main thread: React DOM,
// the stored token (the first read of storage can wait on the browser), the app, and for a
// prerendered page the route's modules, the router, then the render itself, which as a transition
// runs in slices that yield to the browser.
const prerendered = container.hasAttribute('data-prerendered');
if (prerendered) {
  await firstPaint();
  const preloads = document.getElementById('boot-modules');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  // Starting three dozen downloads is a task's worth of work of its own.
  await nextTask();
}
const [{ createRoot, hydrateRoot }, { startTransition }] = await Promise.all([import('react-dom/client'), import('react')]);
await nextTask();
// A prerendered page was built for a visitor without a session: hydrate it when that is who is
// here. With a stored token the app first checks the session and renders nothing meanwhile, so
// the page is held and replaced instead (hydrating it would not match).
const { getAccessToken } = await import('@/lib/auth-token');
const hydrate = prerendered && !getAccessToken();
await nextTask();
const { appElement, createRouter, loadRoutesFor } = await import('./app/start');
if (hydrate) {
  await nextTask();
  await loadRoutesFor(window.location.pathname);
  await nextTask();
  const router = createRouter();
  await nextTask();
  // Once hydrated the root is no longer a built page but the live app: the attribute goes.
  const live = () => container.removeAttribute('data-prerendered');
  startTransition(() => {
    hydrateRoot(container, appElement(router, live));
  });
} else {
  holdUntilAppPaints(container);
  container.removeAttribute('data-prerendered');
  createRoot(container).render(appElement(createRouter()));
}
