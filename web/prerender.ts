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
 * hydrates it), its own title and description, and the stylesheets and chunks of its route module
 * linked in the head, so the page paints styled before any script runs. The splash is left out.
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

/** A chunk's own and statically imported chunks' files and stylesheets (what loading it needs). */
function chunkNeeds(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return { js: [], css: [] };
  seen.add(fileName);
  const js = chunk.isEntry ? [] : [fileName];
  const css = [...(chunk.viteMetadata?.importedCss ?? [])];
  for (const imported of chunk.imports) {
    const needs = chunkNeeds(bundle, imported, seen);
    js.push(...needs.js);
    css.push(...needs.css);
  }
  return { js, css };
}

/**
 * React hoists a page's `<title>` and `<meta>` to the front of its markup; they belong in the head
 * (React finds them there when it hydrates).
 */
function splitHoisted(markup: string): { hoisted: string; body: string } {
  const match = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(markup);
  return { hoisted: match?.[0] ?? '', body: markup.slice(match?.[0].length ?? 0) };
}

export function fillPage(shell: string, page: { markup: string; description: string; css: string[]; js: string[] }): string {
  const { hoisted, body } = splitHoisted(page.markup);
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
  if (!title) throw new Error('A prerendered page must render its own <title>.');
  // The entry's own stylesheets and chunks are in the shell already.
  const missing = (file: string) => !shell.includes(`href="/${file}"`);
  const links = [
    ...[...new Set(page.css)].filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...new Set(page.js)].filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  const html = withoutSplash(shell)
    .replace(/<title>[\s\S]*?<\/title>/, () => `${hoisted.replace(title, '')}${title}`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeAttribute(page.description)}" />`)
    .replace('</head>', () => `  ${links}\n  </head>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-prerendered>${body}</div>`);
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
        for (const page of PRERENDERED_PAGES) {
          const module = resolve(config.root, ROUTE_MODULES[page.path] ?? '');
          const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId === module);
          if (!chunk) throw new Error(`No chunk for ${page.path} (${ROUTE_MODULES[page.path]}): update ROUTE_MODULES in web/prerender.ts.`);
          const needs = chunkNeeds(bundle, chunk.fileName);
          const markup = await renderPage(page.path);
          const file = join(outDir, page.file);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, fillPage(shell, { markup, description: page.description, ...needs }));
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
