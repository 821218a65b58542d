import { CircleAlert, CircleCheck, Wrench } from 'lucide-react';
import type { RunState } from '../api/run-prompt';
import { ESTIMATED_TOKENS } from '../utils/compare';
import './run-details.css';

/** A tool call's arguments as the model wrote them, indented when they are JSON. */
function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const ms = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`);

/**
 * What a run tells beside its text (docs/product.md, Variables and the workbench): the tool calls
 * the model made (name and JSON arguments; Construct does not run them), whether a JSON answer is
 * valid against the prompt's response format, why an answer ended early, and the tokens in and
 * out, the time to the first token and in all, and who answered.
 */
export function RunDetails({ run }: { run: RunState }) {
  const facts = [
    run.answeredBy ? (run.answeredBy.engine === 'local' ? 'Local engine' : run.answeredBy.model) : null,
    run.usage ? `${run.usage.tokens_in.toLocaleString()} tokens in, ${run.usage.tokens_out.toLocaleString()} out` : null,
    run.timing ? `first token after ${ms(run.timing.first_token_ms)}, ${ms(run.timing.total_ms)} in all` : null,
    run.usage?.estimated ? ESTIMATED_TOKENS : null,
  ].filter(Boolean);
  return (
    <>
      {run.toolCalls.length > 0 ? (
        <section className="wb-tools" aria-labelledby="wb-tools-title">
          <h4 id="wb-tools-title" className="wb-run__title">
            <Wrench aria-hidden="true" /> {run.toolCalls.length === 1 ? 'Tool call' : 'Tool calls'}
          </h4>
          <p className="wb-panel__meta">The model asks to call these tools. Construct shows the calls; it does not run them.</p>
          <ol className="wb-tools__list">
            {run.toolCalls.map((call) => (
              <li key={call.id || call.name} className="wb-tools__call">
                <code className="wb-tools__name">{call.name}</code>
                <pre className="wb-tools__args">{prettyArguments(call.arguments)}</pre>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {run.json ? (
        run.json.valid ? (
          <p className="wb-json wb-json--valid" role="status">
            <CircleCheck aria-hidden="true" /> Valid JSON for the response format.
          </p>
        ) : (
          <div className="wb-json wb-json--invalid" role="status">
            <CircleAlert aria-hidden="true" />
            <div>
              <p>Not valid for the response format:</p>
              <ul>
                {run.json.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </div>
          </div>
        )
      ) : null}
      {run.cutShort ? <p className="wb-run__stopped">{run.cutShort}</p> : null}
      {facts.length ? <p className="wb-panel__meta wb-run__facts">{facts.join(' · ')}</p> : null}
    </>
  );
}
