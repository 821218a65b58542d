import { describe, expect, it, vi } from 'vitest';
import type { ModelRun } from '../../functions/lib/services/engine/model';
import { runBody } from '../../functions/lib/services/engine/run';
import type { RunEvent } from '../../functions/lib/services/engine/types';

/** A run's body: what `beforeEnd` records (a library run, so the person may rate) is stored before the client reads `end`. */
describe('runBody', () => {
  it('sends the end event only once beforeEnd has settled, then calls onEnd once', async () => {
    async function* events(): AsyncGenerator<RunEvent> {
      yield { type: 'text', delta: 'Hi' };
      yield { type: 'end', outcome: 'complete', first_token_ms: 1, total_ms: 2 };
    }
    const run: ModelRun = { engine: 'local', model: 'local', events: events(), stop: () => {} };
    let settle!: () => void;
    const beforeEnd = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const onEnd = vi.fn();
    const body = runBody(run, 'events', onEnd, undefined, beforeEnd);

    const lines: string[] = [];
    body.on('data', (chunk: Buffer | string) => lines.push(String(chunk)));
    const ended = new Promise((resolve) => body.on('end', resolve));
    await vi.waitFor(() => expect(beforeEnd).toHaveBeenCalledWith('complete'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.map((l) => JSON.parse(l).type)).toEqual(['start', 'text']);
    expect(onEnd).not.toHaveBeenCalled();

    settle();
    await ended;
    expect(lines.map((l) => JSON.parse(l).type)).toEqual(['start', 'text', 'end']);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledWith('complete', 2, { tokens_in: 0, tokens_out: 0, estimated: false, total_ms: 2 });
  });
});
