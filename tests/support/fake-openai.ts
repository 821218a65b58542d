import { createServer, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback';

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
 *
 * Like the real API, a streamed answer ends with a usage chunk when the request asks for it
 * (`stream_options.include_usage`; not with SCENARIO:no-usage, as some compatible servers); with `tools` it calls the first tool (or tool_choice's), its
 * arguments streamed in pieces; with a `json_schema` response format it answers an instance of the
 * schema (`SCENARIO:json-wrong`: one of the wrong type). `GET /models` lists FAKE_MODELS. A key
 * starting `sk-bad` is refused with 401 everywhere, as OpenAI refuses an unknown key.
 */
export const FAKE_MODELS = ['gpt-fake-large', 'gpt-fake-mini'];
export const FAKE_USAGE = { prompt_tokens: 21, completion_tokens: 13 };
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
    if (req.headers.authorization?.startsWith('Bearer sk-bad')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      const key = req.headers.authorization.slice(7);
      return res.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${key}. You can find your API key at the dashboard.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    }
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })) }));
    }
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
    if (body.stream === true) return streamAnswer(res, entry, body, content);
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
  const { origin, close } = await listenOnLoopback(server);
  return { url: `${origin}/v1`, requests, close };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One SSE event carrying a chat.completion.chunk, as the real API sends them. */
function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  const data = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(data)}\n\n`;
}

/** A value of a JSON Schema's type, for the fake's structured answers and tool arguments. */
export function fakeInstance(schema: any, wrong = false): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (schema?.enum) return schema.enum[0];
  if (type === 'object' || schema?.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, fakeInstance(v, wrong)]));
  }
  if (type === 'array') return [fakeInstance(schema.items ?? {}, wrong)];
  if (wrong) return type === 'string' ? 42 : 'wrong';
  if (type === 'number' || type === 'integer') return 7;
  if (type === 'boolean') return true;
  return 'fake value';
}

async function streamAnswer(res: ServerResponse, entry: FakeRequest, body: any, content: string) {
  const model: string = body.model;
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
  let finish = 'stop';
  const choice = body.tool_choice;
  const tool = body.tools?.length && choice !== 'none' ? (body.tools.find((t: any) => t.function.name === choice?.function?.name) ?? body.tools[0]) : null;
  if (tool) {
    const args = JSON.stringify(fakeInstance(tool.function.parameters));
    const half = Math.ceil(args.length / 2);
    res.write(chunk(model, { tool_calls: [{ index: 0, id: 'call_fake_1', type: 'function', function: { name: tool.function.name, arguments: '' } }] }));
    for (const piece of [args.slice(0, half), args.slice(half)]) {
      await pause(10);
      res.write(chunk(model, { tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    }
    finish = 'tool_calls';
  } else {
    const format = body.response_format;
    const answer =
      format?.type === 'json_schema'
        ? JSON.stringify(fakeInstance(format.json_schema.schema, content.includes('SCENARIO:json-wrong')))
        : format?.type === 'json_object'
          ? JSON.stringify({ answer: content })
          : `Answer: ${content}`;
    for (let i = 0; i < answer.length && !res.destroyed; i += 6) {
      res.write(chunk(model, { content: answer.slice(i, i + 6) }));
      await pause(10);
    }
  }
  if (res.destroyed) return;
  res.write(chunk(model, {}, finish));
  // SCENARIO:no-usage: an OpenAI-compatible server that sends no usage even when asked.
  if (body.stream_options?.include_usage && !content.includes('SCENARIO:no-usage')) {
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { ...FAKE_USAGE, total_tokens: FAKE_USAGE.prompt_tokens + FAKE_USAGE.completion_tokens } })}\n\n`,
    );
  }
  res.end('data: [DONE]\n\n');
}
