import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Plugin, type ResolvedConfig, type Rollup, build } from 'vite';
import { PRERENDERED_PAGES, withoutSplash } from '../shared/prerendered-pages.ts';

/**
 * Prerendering of the public pages (docs/architecture.md, "Prerendered pages"). After the client
 * build, an SSR build of src/prerender.tsx renders each page of shared/prerendered-pages.ts into a
 * copy of the built index.html: its content in #root (marked data-prerendered, so main.tsx
 * hydrates it), its own title and description, and the stylesheets of the shell and its route
 * module inlined in the head, so the page paints styled before any script runs. The splash is left out.
 */

/** The route module of each prerendered path (src/app/router.tsx), for its CSS and chunks. */
const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/app/routes/landing.tsx',
  '/pricing': 'src/app/routes/pricing.tsx',
  '/login': 'src/app/routes/auth/login.tsx',
  '/register': 'src/app/routes/auth/register.tsx',
  '/terms': 'src/app/routes/legal/terms.tsx',
  '/privacy': 'src/app/routes/legal/privacy.tsx',
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeAttribute = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);

/** A chunk and the chunks it imports statically (what rendering it needs): their scripts and stylesheets. */
function chunkNeeds(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return { js: [], css: [] };
  seen.add(fileName);
  const needs = { js: [fileName], css: [...(chunk.viteMetadata?.importedCss ?? [])] };
  for (const imported of chunk.imports) {
    const more = chunkNeeds(bundle, imported, seen);
    needs.js.push(...more.js);
    needs.css.push(...more.css);
  }
  return needs;
}

/**
 * React hoists a page's `<title>` and `<meta>` to the front of its markup; they belong in the head
 * (React finds them there when it hydrates).
 */
function splitHoisted(markup: string): { hoisted: string; body: string } {
  const match = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(markup);
  return { hoisted: match?.[0] ?? '', body: markup.slice(match?.[0].length ?? 0) };
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\s*/g;
const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The page's HTML: the shell with the page's markup in #root, its title and description, and
 * every stylesheet it needs inlined in one <style> (the shell's and its route's, in cascade order),
 * so the first paint waits for no request but the HTML itself. Nothing else the page names is
 * fetched before that paint (docs/architecture.md, "Prerendered pages") but the entry script,
 * which imports nothing of the app statically, and the two small modules it does import (the
 * bundler's runtime and Vite's preload helper), preloaded beside it rather than found after it.
 * After the content come a <template> of module
 * preloads for every module hydrating imports (inert until main.tsx adds them once the page has
 * painted, so they download side by side) and, for each inlined stylesheet, a link of a type no
 * browser loads: Vite's preload helper, which loads a route chunk, appends a link for each of the
 * chunk's stylesheets unless the page has one with that address, and the second download and the
 * restyling took a phone's main thread while the page was hydrating. `readAsset` reads a built
 * file by its path in the build.
 */
export function fillPage(
  shell: string,
  page: { markup: string; description: string; entryImports: string[]; js: string[]; css: string[] },
  readAsset: (file: string) => string,
): string {
  const { hoisted, body } = splitHoisted(page.markup);
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
  if (!title) throw new Error('A prerendered page must render its own <title>.');
  const shellCss = [...shell.matchAll(STYLESHEET)].map((match) => match[1]!);
  const cssFiles = [...new Set([...shellCss, ...page.css])];
  const css = cssFiles.map(readAsset).join('\n');
  const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}" />`;
  const links = [
    `<template id="boot-modules">${[...new Set(page.js)].map(preload).join('')}</template>`,
    ...cssFiles.map((file) => `<link rel="stylesheet" href="/${escapeAttribute(file)}" type="text/plain" />`),
  ];
  const html = withoutSplash(shell)
    .replace(STYLESHEET, '')
    .replace(MODULEPRELOAD, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => `${hoisted.replace(title, '')}${title}`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeAttribute(page.description)}" />`)
    .replace('</head>', () => `  ${page.entryImports.map(preload).join('\n    ')}\n    <style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-prerendered>${body}</div>`)
    .replace('</body>', () => `  ${links.join('\n    ')}\n  </body>`);
  if (!html.includes('data-prerendered')) throw new Error('The built index.html has no empty <div id="root"></div> to fill.');
  return html;
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let bundle: Rollup.OutputBundle | undefined;
  return {
    name: 'construct-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      // The shell preloads the modules of main.tsx's steps too (Vite preloads only the entry's
      // static imports): a signed-in visit fetches them with the entry, not after it.
      handler(_html, context) {
        if (!context.bundle || !context.chunk?.isEntry) return;
        const seen = new Set(context.chunk.imports);
        const files = context.chunk.dynamicImports.flatMap((fileName) => chunkNeeds(context.bundle!, fileName, seen).js);
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      // The SSR build below loads this same configuration: it must not prerender again.
      if (config.build.ssr || !bundle) return;
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = mkdtempSync(join(tmpdir(), 'construct-prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          // Everything in one file, so it loads from the temporary folder without node_modules.
          ssr: { noExternal: true },
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
        });
        const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as typeof import('./src/prerender');
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const entry = chunks.find((item) => item.isEntry);
        if (!entry) throw new Error('The client build has no entry chunk.');
        for (const page of PRERENDERED_PAGES) {
          const module = resolve(config.root, ROUTE_MODULES[page.path] ?? '');
          const chunk = chunks.find((item) => item.facadeModuleId === module);
          if (!chunk) throw new Error(`No chunk for ${page.path} (${ROUTE_MODULES[page.path]}): update ROUTE_MODULES in web/prerender.ts.`);
          // What hydrating takes after the entry and its own imports (whose stylesheets the shell
          // links): the steps it loads (main.tsx), then the route module.
          const seen = new Set([entry.fileName, ...entry.imports]);
          const needs = { js: [] as string[], css: [] as string[] };
          for (const fileName of [...entry.dynamicImports, chunk.fileName]) {
            const more = chunkNeeds(bundle, fileName, seen);
            needs.js.push(...more.js);
            needs.css.push(...more.css);
          }
          const markup = await renderPage(page.path);
          const file = join(outDir, page.file);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, fillPage(shell, { markup, description: page.description, entryImports: entry.imports, ...needs }, (asset) => readFileSync(join(outDir, asset), 'utf8')));
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
