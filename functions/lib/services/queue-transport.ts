/**
 * Where `enqueue` finds the local queue on one machine: the local stack (infra/local/queue.ts)
 * registers it in its process. A module of its own, so the local stack can register without
 * loading the functions' logger before it has set the log level.
 */
export interface LocalQueueTransport {
  send(worker: string, messages: { body: string; delaySeconds: number }[]): string[];
}

const LOCAL = Symbol.for('construct.local-queue');
const registry = globalThis as unknown as Record<symbol, LocalQueueTransport | undefined>;

export const localQueueTransport = (): LocalQueueTransport | undefined => registry[LOCAL];

export function setLocalQueueTransport(transport: LocalQueueTransport | undefined): void {
  registry[LOCAL] = transport;
}
