import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { toolConfigs } from './tool-config';
import './api-keys.css';

/** 'Use in your tools': MCP configuration for Claude Desktop, Cursor and VS Code, with this site's address. */
export function UseInToolsDialog({ onClose, onCopy }: { onClose: () => void; onCopy: (text: string) => Promise<void> }) {
  const mcpUrl = `${window.location.origin}/api/v1/mcp`;
  return (
    <ModalDialog
      title="Use in your tools"
      description="Your prompts as MCP prompts and tools. Replace cst_... with one of your keys."
      size="lg"
      onClose={onClose}
    >
      <p className="api-keys__mcp-url">
        MCP server: <code>{mcpUrl}</code>
      </p>
      {toolConfigs(mcpUrl).map(({ tool, file, config }) => {
        const text = JSON.stringify(config, null, 2);
        return (
          <div key={tool} className="api-keys__tool">
            <div className="api-keys__tool-head">
              <h3>
                {tool} <span className="api-keys__file">{file}</span>
              </h3>
              <Button
                size="sm"
                variant="secondary"
                icon={<Copy aria-hidden="true" />}
                onClick={() => void onCopy(text)}
                aria-label={`Copy ${tool} configuration`}
              >
                Copy
              </Button>
            </div>
            <pre className="api-keys__code">{text}</pre>
          </div>
        );
      })}
    </ModalDialog>
  );
}
