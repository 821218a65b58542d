import { apiUrl } from './api';

/** A streamed API answer read chunk by chunk, as a browser's fetch reader sees it. */
export interface Streamed {
  status: number;
  headers: Headers;
  /** The decoded pieces in arrival order (their boundaries are the network's). */
  chunks: string[];
  text: string;
}

/** POST /engine/run with fetch, without buffering: the body is read as it arrives. */
export async function postRun(json: unknown, options: { token?: string; base?: string; signal?: AbortSignal } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return fetch(`${options.base ?? apiUrl()}/engine/run`, { method: 'POST', headers, body: JSON.stringify(json), signal: options.signal });
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

export async function run(json: unknown, options: { token?: string; base?: string } = {}): Promise<Streamed> {
  return readChunks(await postRun(json, options));
}
