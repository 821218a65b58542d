import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { settingsText } from '@shared/chat';
import { withoutSplash } from '@shared/prerendered-pages';
import { SHARE_NOT_FOUND } from '../data/share';
import { HttpError } from '../http/errors';
import { logger } from '../http/log';
import { siteUrl } from '../http/site';
import { readShared } from './share';

/**
 * The HTML of a share page `/s/<token>` (docs/architecture.md, "Share pages"): the SPA's own
 * index.html with the prompt's title and description in `<title>`, the description meta tag and
 * Open Graph tags, and the prompt itself inside `#root`, readable before (or without) JavaScript;
 * the SPA then replaces it with the full page and its 'Fork into My Prompts'. A token that names
 * nothing answers 404 with a not-found page. Every text from the prompt is HTML-escaped.
 */

/** Without a built SPA (a stack deployed without web/dist): the page alone, still readable. */
const BARE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Construct</title>
    <meta name="description" content="" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The SPA's index.html: in AWS the stack puts it in SPA_SHELL when it deploys the build (its
 * asset names change with every build); locally the gateway names the built file in SPA_SHELL_FILE.
 */
function spaShell(): string {
  if (process.env.SPA_SHELL) return process.env.SPA_SHELL;
  const file = process.env.SPA_SHELL_FILE;
  if (file) {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // not built (yet): the bare page
    }
  }
  return BARE_SHELL;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const DESCRIPTION_CHARS = 200;

/** The description of a link preview: the start of the body on one line. */
export function previewText(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > DESCRIPTION_CHARS ? `${line.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…` : line;
}

interface PageContent {
  title: string;
  description: string;
  /** Open Graph tags (property → content); none on the not-found page. */
  og?: Record<string, string>;
  /** HTML (already escaped) shown in #root until the SPA takes over. */
  root: string;
  robots?: string;
}

/**
 * The shell with the page's head and readable content; the shell's own scripts and styles stay,
 * its splash goes (the page has content to show; the SPA holds it until it paints its own).
 */
export function fillShell(shell: string, page: PageContent): string {
  const head = [
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    ...(page.robots ? [`<meta name="robots" content="${page.robots}" />`] : []),
    ...Object.entries(page.og ?? {}).map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
  // Replacer functions: a `$&` in the prompt's text must stay text, not a replacement pattern.
  return withoutSplash(shell)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => head)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${page.root}</div>`);
}

type View = Awaited<ReturnType<typeof readShared>>['view'];

export function sharedPage(view: View, url: string): PageContent {
  const description = previewText(view.body);
  return {
    title: `${view.title} · Construct`,
    description,
    og: { 'og:type': 'article', 'og:site_name': 'Construct', 'og:title': view.title, 'og:description': description, 'og:url': url },
    root: [
      '<main class="shared-static">',
      `<h1>${escapeHtml(view.title)}</h1>`,
      view.author_name ? `<p>Shared by ${escapeHtml(view.author_name)}</p>` : '',
      `<pre>${escapeHtml(view.body)}</pre>`,
      settingsText(view.config) ? `<h2>Model settings</h2><pre>${escapeHtml(settingsText(view.config))}</pre>` : '',
      '</main>',
    ].join(''),
  };
}

export const NOT_FOUND_PAGE: PageContent = {
  title: 'Shared prompt not found · Construct',
  description: SHARE_NOT_FOUND,
  robots: 'noindex',
  root: `<main class="shared-static"><h1>Shared prompt not found</h1><p>${escapeHtml(SHARE_NOT_FOUND)}</p><p><a href="/">Go to Construct</a></p></main>`,
};

const UNAVAILABLE_PAGE: PageContent = {
  title: 'Construct',
  description: 'This page could not be loaded right now. Please try again in a moment.',
  robots: 'noindex',
  root: '<main class="shared-static"><h1>Something went wrong</h1><p>This page could not be loaded right now. Please try again in a moment.</p></main>',
};

const html = (statusCode: number, body: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  // Never cached: a link that stops being shared answers 404 from the next request on.
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  body,
});

/** GET /s/{token}: the share page; HEAD gets the same status and headers without the HTML. */
export async function sharePage(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const page = await renderSharePage(event);
  if (event.requestContext?.http?.method !== 'HEAD') return page;
  const { body: _, ...head } = page;
  return head;
}

async function renderSharePage(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const token = event.pathParameters?.token ?? '';
  try {
    const { view } = await readShared(token);
    const url = `${siteUrl({ ...event.headers, origin: undefined })}/s/${encodeURIComponent(token)}`;
    return html(200, fillShell(spaShell(), sharedPage(view, url)));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return html(404, fillShell(spaShell(), NOT_FOUND_PAGE));
    logger.error('share page failed', { error: (error as Error).name, message: (error as Error).message });
    return html(503, fillShell(spaShell(), UNAVAILABLE_PAGE));
  }
}
