/**
 * The public pages built to HTML at build time (docs/architecture.md, "Prerendered pages"): each
 * path's file in the build and its description meta tag (the title comes from the page's own
 * `<title>`). The build writes them, the CloudFront Function and the local gateway serve them;
 * every other extension-less path gets the SPA shell (index.html) with its splash.
 */
export interface PrerenderedPage {
  path: string;
  /** The file in web/dist, also its S3 object key. */
  file: string;
  description: string;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: '/',
    file: 'pages/home.html',
    description: 'Construct is a prompt studio: keep your AI prompts with variables, organise and enhance them, and browse a curated prompt library.',
  },
  {
    path: '/pricing',
    file: 'pages/pricing.html',
    description: 'Construct plans and their limits: Free, Pro and Elite, with the prompts, categories, snippets and runs a day each one includes.',
  },
  { path: '/login', file: 'pages/login.html', description: 'Sign in to your Construct workspace.' },
  { path: '/register', file: 'pages/register.html', description: 'Create a free Construct account and keep your AI prompts in one place.' },
  { path: '/terms', file: 'pages/terms.html', description: 'The terms of service for Construct, the prompt studio.' },
  { path: '/privacy', file: 'pages/privacy.html', description: 'How Construct collects, uses and protects your data.' },
];

/** The prerendered file for a request path (a trailing slash is the same page), or undefined. */
export function prerenderedFile(pathname: string): string | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PRERENDERED_PAGES.find((page) => page.path === path)?.file;
}

/**
 * The SPA shell (web/index.html) shows a splash between these markers while the session check
 * runs; pages that bring their own content (prerendered pages, share pages) leave it out.
 */
const SPLASH = /<!--splash-->[\s\S]*?<!--\/splash-->\s*/;

export function withoutSplash(shell: string): string {
  return shell.replace(SPLASH, '');
}
