import { GitCompare, RotateCcw, Square } from 'lucide-react';
import { useState } from 'react';
import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';
import type { CompareSession } from '@shared/contract/compare';
import { defaultTarget } from '@/components/run-target';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useConnections } from '@/lib/api/get-connections';
import { useExamples } from '@/lib/api/get-examples';
import { useVersions } from '@/lib/api/get-versions';
import { errorMessage } from '@/lib/api-client';
import { rowsOf } from '@/lib/chat-form';
import { useStartCompare } from '../api/compare';
import { useCompareRuns } from '../api/run-compare';
import { IDLE } from '../api/run-prompt';
import { columnInput, DRAFT, ORIGINAL } from '../utils/compare';
import { CompareAnswer } from './compare-answer';
import { CompareSetup, type CompareSetupValue } from './compare-setup';
import { CompareVerdict } from './compare-verdict';
import './compare.css';

const listInputs = (inputs: Record<string, string>) =>
  Object.entries(inputs)
    .map(([k, v]) => `${k}: ${v.length > 40 ? `${v.slice(0, 40)}…` : v}`)
    .join(', ');

/**
 * Compare in the workbench (docs/product.md, Compare and scoreboard): 2–4 columns filled with one
 * set of inputs, all streaming at once, a diff between any two answers, and a vote. Blind, the
 * browser learns which column is which only from the vote's answer.
 */
export function CompareDialog({
  prompt,
  inputs,
  directives,
  onClose,
}: {
  prompt: { id: string; body: string; kind?: PromptKind; messages?: ChatMessage[]; version: number; config?: ModelConfig; forked: boolean };
  inputs: Record<string, string>;
  /** The workbench's "Apply global directives": the columns are compiled as its Run would be. */
  directives: boolean;
  onClose: () => void;
}) {
  const versions = (useVersions(prompt.id).data?.versions ?? []).map((v) => v.version);
  const examples = useExamples(prompt.id).data ?? [];
  const connections = useConnections().data ?? [];
  // Where a column runs until changed: where the workbench's Run goes by the prompt's settings.
  const target = defaultTarget(connections, prompt.config);
  // Until the person changes it: the current version against the one before it (or the draft), blind.
  const [chosen, setSetup] = useState<CompareSetupValue | null>(null);
  const older = versions.find((v) => v !== prompt.version);
  const setup: CompareSetupValue = chosen ?? {
    columns: [
      { source: `v${prompt.version}`, target },
      { source: older ? `v${older}` : prompt.forked ? ORIGINAL : DRAFT, target },
    ],
    draft: prompt.body,
    rows: rowsOf(prompt.messages),
    blind: true,
    inputs: '',
  };
  const [session, setSession] = useState<CompareSession | null>(null);
  const start = useStartCompare(prompt.id);
  const { runs, start: run, stop } = useCompareRuns();
  const running = Object.values(runs).some((r) => r.status === 'running');

  const onCompare = () => {
    const example = examples.find((e) => e.id === setup.inputs);
    start.mutate(
      {
        columns: setup.columns.map((c) => columnInput(c, { kind: prompt.kind, body: setup.draft, rows: setup.rows, config: prompt.config })),
        variables: example?.inputs ?? inputs,
        directives,
        blind: setup.blind,
      },
      {
        onSuccess: (created) => {
          setSession(created);
          run(prompt.id, created);
        },
      },
    );
  };

  return (
    <ModalDialog title="Compare answers" size="xl" className="wb-compare-dialog" onClose={onClose}>
      {session ? (
        <div className="wb-compare">
          <p className="wb-panel__meta">
            {session.blind ? 'Blind: which answer is which shows after your vote.' : 'Each answer is named.'} Each column is one run.
          </p>
          <div className="wb-compare__grid">
            {session.columns.map((column) => (
              <CompareAnswer key={column.id} column={column} run={runs[column.id] ?? IDLE} />
            ))}
          </div>
          <div className="wb-actions">
            {running ? (
              <Button variant="secondary" icon={<Square aria-hidden="true" />} onClick={stop}>
                Stop
              </Button>
            ) : (
              <Button variant="ghost" icon={<RotateCcw aria-hidden="true" />} onClick={() => setSession(null)}>
                New comparison
              </Button>
            )}
          </div>
          <CompareVerdict promptId={prompt.id} session={session} runs={runs} onRevealed={(columns) => setSession({ ...session, columns })} />
        </div>
      ) : (
        <div className="wb-compare">
          <CompareSetup
            value={setup}
            onChange={setSetup}
            versions={versions}
            examples={examples.map((e) => ({ id: e.id, name: listInputs(e.inputs) || 'no inputs' }))}
            typedInputs={listInputs(inputs)}
            connections={connections}
            forked={prompt.forked}
            chat={prompt.kind === 'chat'}
          />
          {start.isError ? <Alert>{errorMessage(start.error, 'Could not start the comparison.')}</Alert> : null}
          <div className="wb-actions">
            <Button icon={<GitCompare aria-hidden="true" />} loading={start.isPending} onClick={onCompare}>
              Compare
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
