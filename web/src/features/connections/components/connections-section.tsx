import { Cpu, Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { useConnections } from '@/lib/api/get-connections';
import { useCurrentTeam } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { AddConnectionDialog } from './add-connection-dialog';
import { ConnectionItem } from './connection-item';
import { DeleteConnectionDialog } from './delete-connection-dialog';
import './connections.css';

/**
 * The workspace's model connections (docs/product.md, "Model connections"): the list for every
 * member; add, test and delete for its owners (a person owns their own workspace).
 */
export function ConnectionsSection() {
  const connections = useConnections();
  const workspace = useCurrentWorkspaceId();
  const team = useCurrentTeam();
  const canManage = workspace === null || team?.role === 'owner';
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);

  return (
    <section className="connections" aria-labelledby="connections-title">
      <div className="connections__head">
        <h2 id="connections-title" className="connections__title">
          <Cpu aria-hidden="true" /> Model connections
        </h2>
        {canManage ? (
          <Button icon={<Plus aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add connection
          </Button>
        ) : null}
      </div>
      <p className="connections__intro">
        A connection holds a provider's API key for {team ? `the team ${team.name}` : 'your workspace'}: OpenAI, Anthropic, or any server that speaks OpenAI's
        API (Ollama, vLLM, LiteLLM, OpenRouter). Runs on it use that key and do not count against your plan's daily runs. The key is stored encrypted and never
        shown again, only its last 4 characters.
      </p>
      {!canManage && team ? (
        <p className="connections__intro">Owners of {team.name} add and delete its connections; every member can run prompts on them.</p>
      ) : null}

      {connections.isError ? <Alert>{errorMessage(connections.error, 'Could not load the connections.')}</Alert> : null}
      {connections.data && connections.data.length === 0 ? (
        <p className="connections__empty">
          {canManage ? 'No model connections yet. Add one to run prompts on your own provider account.' : 'No model connections yet.'}
        </p>
      ) : null}
      {connections.data && connections.data.length > 0 ? (
        <ul className="connections__list" aria-label="Model connections">
          {connections.data.map((connection) => (
            <ConnectionItem
              key={connection.id}
              connection={connection}
              canManage={canManage}
              onDelete={() => setDeleting({ id: connection.id, name: connection.name })}
            />
          ))}
        </ul>
      ) : null}

      {adding ? (
        <AddConnectionDialog
          onClose={() => setAdding(false)}
          onAdded={(made) => {
            setAdding(false);
            toast({ title: `Connection “${made.name}” added`, variant: 'success' });
          }}
        />
      ) : null}
      {deleting ? <DeleteConnectionDialog connection={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
