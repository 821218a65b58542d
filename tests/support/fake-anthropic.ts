import { createServer, type Server, type ServerResponse } from 'node:http';
import { fakeInstance } from './fake-openai';
import { listenOnLoopback } from './loopback';

/**
 * A loopback server speaking Anthropic's Messages API, so the real `@anthropic-ai/sdk` runs
 * against it. `POST /v1/messages` with `stream: true` answers as the real API streams: server-sent
 * events `message_start` (with the input tokens), per content block `content_block_start`,
 * `content_block_delta` (`text_delta`, or `input_json_delta` for a tool use) and
 * `content_block_stop`, a `ping`, then `message_delta` (stop reason, output tokens) and
 * `message_stop`. The answer is `Answer: <last user message>` in small pieces; with `tools` it
 * uses the first tool (or tool_choice's), its input streamed as JSON in pieces; with
 * `output_config.format` (a JSON schema) it answers an instance of it. The user message picks a
 * failure: `SCENARIO:500` (an API error before the stream), `SCENARIO:overloaded` (an `error`
 * event after the first words), `SCENARIO:endless` (words every 50 ms until the client hangs
 * up). `GET /v1/models` lists FAKE_ANTHROPIC_MODELS. A key starting `sk-ant-bad` is refused
 * with 401, as the API refuses an unknown key.
 */
export const FAKE_ANTHROPIC_MODELS = ['claude-fake-haiku', 'claude-fake-sonnet'];
export const FAKE_ANTHROPIC_USAGE = { input_tokens: 17, output_tokens: 9 };

export interface FakeAnthropicRequest {
  path: string;
  apiKey?: string;
  version?: string;
  body: any;
  ended?: 'complete' | 'client-closed';
}

export interface FakeAnthropic {
  /** The base URL the SDK takes (it adds `/v1/messages`). */
  url: string;
  requests: FakeAnthropicRequest[];
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sse = (res: ServerResponse, type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
const apiError = (res: ServerResponse, status: number, type: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  res.end(JSON.stringify({ type: 'error', error: { type, message } }));
};

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const requests: FakeAnthropicRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    const entry: FakeAnthropicRequest = {
      path: req.url ?? '',
      // The API takes the key as `x-api-key` or, as the SDK sends it since 1.x, a bearer token.
      apiKey: (req.headers['x-api-key'] as string | undefined) ?? req.headers.authorization?.replace(/^Bearer /, ''),
      version: req.headers['anthropic-version'] as string | undefined,
      body,
    };
    requests.push(entry);
    if (entry.apiKey?.startsWith('sk-ant-bad')) return apiError(res, 401, 'authentication_error', 'invalid x-api-key');
    if (req.method === 'GET' && req.url?.startsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const data = FAKE_ANTHROPIC_MODELS.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' }));
      return res.end(JSON.stringify({ data, has_more: false, first_id: data[0]!.id, last_id: data.at(-1)!.id }));
    }
    if (req.method !== 'POST' || req.url !== '/v1/messages') return apiError(res, 404, 'not_found_error', 'Not found');
    const content = lastUserText(body.messages);
    if (content.includes('SCENARIO:500')) return apiError(res, 500, 'api_error', 'Internal server error');
    if (!body.stream) return apiError(res, 400, 'invalid_request_error', 'This fake streams only.');
    return stream(res, entry, body, content);
  });
  const { origin, close } = await listenOnLoopback(server);
  return { url: `${origin}`, requests, close };
}

function lastUserText(messages: { role: string; content: string | { type: string; text?: string }[] }[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((c) => c.text ?? '').join('');
}

async function stream(res: ServerResponse, entry: FakeAnthropicRequest, body: any, content: string) {
  res.on('close', () => {
    entry.ended ??= res.writableFinished ? 'complete' : 'client-closed';
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_fake' });
  sse(res, 'message_start', {
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: FAKE_ANTHROPIC_USAGE.input_tokens, output_tokens: 1 },
    },
  });
  const choice = body.tool_choice;
  const tool = body.tools?.length && choice?.type !== 'none' ? (body.tools.find((t: any) => t.name === choice?.name) ?? body.tools[0]) : null;
  if (tool) {
    sse(res, 'content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_fake_1', name: tool.name, input: {} } });
    const input = JSON.stringify(fakeInstance(tool.input_schema));
    const half = Math.ceil(input.length / 2);
    for (const piece of [input.slice(0, half), input.slice(half)]) {
      await pause(10);
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: piece } });
    }
    sse(res, 'content_block_stop', { index: 0 });
  } else {
    sse(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    sse(res, 'ping', {});
    const format = body.output_config?.format;
    const answer = format?.type === 'json_schema' ? JSON.stringify(fakeInstance(format.schema)) : `Answer: ${content}`;
    if (content.includes('SCENARIO:endless')) {
      for (let i = 1; !res.destroyed; i++) {
        sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: `tick ${i} ` } });
        await pause(50);
      }
      return;
    }
    for (let i = 0; i < answer.length && !res.destroyed; i += 6) {
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: answer.slice(i, i + 6) } });
      await pause(10);
      if (i === 0 && content.includes('SCENARIO:overloaded')) {
        sse(res, 'error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
        return res.end();
      }
    }
    sse(res, 'content_block_stop', { index: 0 });
  }
  if (res.destroyed) return;
  sse(res, 'message_delta', {
    delta: { stop_reason: tool ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: FAKE_ANTHROPIC_USAGE.output_tokens },
  });
  sse(res, 'message_stop', {});
  res.end();
}
