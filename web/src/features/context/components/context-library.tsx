import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { getAccessToken } from '@/lib/auth-token';
import { ContextLibraryContent } from './context-library-content';
import './context.css';

export const NO_TOKEN_MESSAGE = 'Authentication token not found. Please log in.';

/** The Context Library body: loading, then the cards (directives, snippets, profile); failures in one banner (docs/product.md, Dialogs and feedback). */
export function ContextLibrary({ maxSnippets }: { maxSnippets: number | null }) {
  // Context calls read the stored token (docs/architecture.md, The web app); without one nothing is requested.
  const [hasToken] = useState(() => getAccessToken() !== null);
  if (!hasToken) return <Alert>{NO_TOKEN_MESSAGE}</Alert>;
  return <ContextLibraryContent maxSnippets={maxSnippets} />;
}
