import { createHash } from 'node:crypto';
import { CONTENT_SHA256_HEADER } from '@shared/edge';
import { apiUrl } from './api';

/** A streamed API answer read chunk by chunk, as a browser's fetch reader sees it. */
export interface Streamed {
  status: number;
  headers: Headers;
  /** The decoded pieces in arrival order (their boundaries are the network's). */
  chunks: string[];
  text: string;
}

export interface RunOptions {
  token?: string;
  base?: string;
  signal?: AbortSignal;
  /** Ask for the answer as events (application/x-ndjson) instead of text. */
  events?: boolean;
  /** A team's workspace (`?workspace=`). */
  workspace?: string;
}

/** POST /engine/run with fetch, without buffering: the body is read as it arrives. */
export async function postRun(json: unknown, options: RunOptions = {}): Promise<Response> {
  const body = JSON.stringify(json);
  // What the run function URL requires behind origin access control (shared/edge.ts), as the web client sends it.
  const headers: Record<string, string> = { 'content-type': 'application/json', [CONTENT_SHA256_HEADER]: createHash('sha256').update(body).digest('hex') };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.events) headers.accept = 'application/x-ndjson';
  const query = options.workspace ? `?workspace=${options.workspace}` : '';
  return fetch(`${options.base ?? apiUrl()}/engine/run${query}`, { method: 'POST', headers, body, signal: options.signal });
}

export async function readChunks(res: Response): Promise<Streamed> {
  const chunks: string[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value) chunks.push(value);
  }
  return { status: res.status, headers: res.headers, chunks, text: chunks.join('') };
}

export async function run(json: unknown, options: RunOptions = {}): Promise<Streamed> {
  return readChunks(await postRun(json, options));
}

/** A run answered as events: each NDJSON line parsed (a line split across chunks is joined first). */
export async function runEvents(json: unknown, options: Omit<RunOptions, 'events'> = {}): Promise<Streamed & { events: any[] }> {
  const reply = await run(json, { ...options, events: true });
  const ok = reply.status === 200 && reply.headers.get('content-type')?.startsWith('application/x-ndjson');
  return {
    ...reply,
    events: ok
      ? reply.text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [],
  };
}

/** The text of a run's events. */
export const textOf = (events: { type: string; delta?: string }[]) => events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
