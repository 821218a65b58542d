import { createServer, type Server, type ServerResponse } from 'node:http';

/**
 * A loopback server speaking the OpenAI chat-completions HTTP API, so the real `openai` SDK runs.
 * The user message picks the behaviour: `SCENARIO:500`, `SCENARIO:slow`, `SCENARIO:drop-markers`,
 * `SCENARIO:drop-defaults` (markers kept without their `=default|choices`);
 * anything else is answered with an improved version that keeps the text.
 *
 * With `stream: true` the answer comes as server-sent events of `chat.completion.chunk` objects
 * and a final `data: [DONE]`, like the real API: `Answer: <message>` in small pieces, or with
 * `SCENARIO:endless` a piece every 50 ms until the client disconnects, or with `SCENARIO:break`
 * two pieces and then a dropped connection. `ended` tells how a streamed answer ended.
 */
export interface FakeRequest {
  path: string;
  authorization?: string;
  body: any;
  /** Streamed answers: sent in full, the client hung up first, or the fake dropped the connection. */
  ended?: 'complete' | 'client-closed' | 'dropped';
}

export interface FakeOpenAi {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    const entry: FakeRequest = { path: req.url ?? '', authorization: req.headers.authorization, body };
    requests.push(entry);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    }
    const content: string = body.messages.at(-1).content;
    if (content.includes('SCENARIO:500')) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
    }
    // Never answers: the client gives up (its time-out) and closes the connection.
    if (content.includes('SCENARIO:slow')) return void (await new Promise((r) => res.on('close', r)));
    if (body.stream === true) return streamAnswer(res, entry, body.model, content);
    const answer = content.includes('SCENARIO:drop-markers')
      ? 'An improved prompt without its variables.'
      : content.includes('SCENARIO:drop-defaults')
        ? `## Task\nImproved: ${content.replace(/(\[(?:INPUT|SNIPPET|PROFILE)\s*:[^=\]]*)=[^\]]*\]/gi, '$1]')}`
        : `## Task\nImproved: ${content}`;
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One SSE event carrying a chat.completion.chunk, as the real API sends them. */
function chunk(model: string, delta: Record<string, string>, finish: string | null = null) {
  const data = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(data)}\n\n`;
}

async function streamAnswer(res: ServerResponse, entry: FakeRequest, model: string, content: string) {
  if (res.destroyed) return;
  res.on('close', () => {
    entry.ended ??= res.writableFinished ? 'complete' : 'client-closed';
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk(model, { role: 'assistant', content: '' }));
  if (content.includes('SCENARIO:endless')) {
    for (let i = 1; !res.destroyed; i++) {
      res.write(chunk(model, { content: `tick ${i} ` }));
      await pause(50);
    }
    return;
  }
  if (content.includes('SCENARIO:break')) {
    res.write(chunk(model, { content: 'The first ' }));
    res.write(chunk(model, { content: 'words' }));
    await pause(50);
    entry.ended = 'dropped';
    return res.destroy();
  }
  const answer = `Answer: ${content}`;
  for (let i = 0; i < answer.length && !res.destroyed; i += 6) {
    res.write(chunk(model, { content: answer.slice(i, i + 6) }));
    await pause(10);
  }
  if (res.destroyed) return;
  res.write(chunk(model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
}
