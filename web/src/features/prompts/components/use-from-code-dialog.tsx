import { Copy } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Prompt } from '@shared/contract/prompts';
import { API_BASE } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { codeSnippets } from '../utils/code-snippets';
import './use-from-code.css';

/** 'Use from code' on a prompt's card: how the registry and the SDK call this prompt, ready to copy. */
export function UseFromCodeDialog({ prompt, onClose }: { prompt: Prompt; onClose: () => void }) {
  const workspace = useCurrentWorkspaceId();
  const { toast } = useToast();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ variant: 'success', title: 'Copied to the clipboard.' });
    } catch {
      toast({ variant: 'error', title: 'Could not copy: select the text and copy it instead.' });
    }
  };
  return (
    <ModalDialog
      title={`Use “${prompt.title}” from code`}
      description="Replace $CONSTRUCT_API_KEY with one of your API keys. The slug names the prompt; a label picks a version (none: the latest)."
      size="lg"
      onClose={onClose}
    >
      <p className="use-from-code__links">
        <Link to={paths.apiKeys}>Create an API key</Link> · <Link to={paths.apiReference}>API reference</Link> ·{' '}
        <a href={`${API_BASE}/openapi.json`}>OpenAPI document</a>
      </p>
      {codeSnippets(prompt, window.location.origin, workspace).map(({ title, code }) => (
        <section key={title} className="use-from-code__snippet" aria-label={title}>
          <div className="use-from-code__head">
            <h3>{title}</h3>
            <Button size="sm" variant="secondary" icon={<Copy aria-hidden="true" />} onClick={() => void copy(code)} aria-label={`Copy ${title}`}>
              Copy
            </Button>
          </div>
          <pre className="use-from-code__code">{code}</pre>
        </section>
      ))}
    </ModalDialog>
  );
}
