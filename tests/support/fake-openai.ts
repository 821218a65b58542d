import { createServer, type Server } from 'node:http';

/**
 * A loopback server speaking the OpenAI chat-completions HTTP API, so the real `openai` SDK runs.
 * The user message picks the behaviour: `SCENARIO:500`, `SCENARIO:slow`, `SCENARIO:drop-markers`;
 * anything else is answered with an improved version that keeps the text.
 */
export interface FakeOpenAi {
  url: string;
  requests: { path: string; authorization?: string; body: any }[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    }
    const content: string = body.messages.at(-1).content;
    if (content.includes('SCENARIO:500')) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
    }
    if (content.includes('SCENARIO:slow')) await new Promise((r) => setTimeout(r, 3_000));
    const answer = content.includes('SCENARIO:drop-markers') ? 'An improved prompt without its variables.' : `## Task\nImproved: ${content}`;
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
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
