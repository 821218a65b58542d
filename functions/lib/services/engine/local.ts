import { setTimeout as sleep } from 'node:timers/promises';
import type { CompiledMessage, ModelConfig } from '@shared/contract/chat';
import { exampleOf } from './json-example';
import { localVerdict, parseVerdictRequest, VERDICT_FORMAT_NAME } from './judge';
import { estimateTokens } from './token-estimate';
import type { ModelEvent, ProviderCall } from './types';

/**
 * The local engine: what answers when no model is configured and no connection is chosen. Honest
 * that no model answered, and still useful, and deterministic (the same prompt and settings give
 * the same answer), so everything a model does in a run works and is tested without a provider:
 * - a text prompt: the task restated, its details, brackets still to fill, its size;
 * - a chat prompt: the same for its last user message, with its instructions and conversation;
 * - with tools (and tool_choice not `none`): one call of the chosen tool (tool_choice's, else the
 *   first), its arguments a valid instance of the tool's parameters;
 * - with a JSON schema: a valid instance of it; with `json_object`: `{"answer": …}`;
 * - a judge's request (judge.ts): a verdict by the rubric's words.
 * Tokens are counted as a model would roughly count them: 4 characters each.
 */
export const LOCAL_MODEL = 'construct-local';
/** The local engine's pace: at most LOCAL_CHUNKS chunks, LOCAL_CHUNK_MS apart (under 1.5 s). */
const LOCAL_CHUNKS = 48;
const LOCAL_CHUNK_MS = 30;

const NO_MODEL =
  'Local engine: no AI model is configured on this server, so Construct answered by itself instead of a model. ' +
  "Set OPENAI_API_KEY (or the stack's OpenAI secret) to get real answers.";

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const sentencesOf = (text: string) =>
  text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
const sizeLine = (text: string) => {
  const words = text.trim() ? text.trim().split(/\s+/).length : 0;
  return `Prompt size: ${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'}, ${text.length.toLocaleString('en-US')} characters.`;
};

/** The task, its details and the brackets of one text. */
function taskLines(text: string): string[] {
  const [task = '', ...details] = sentencesOf(text);
  const brackets = [...new Set(text.match(/\[[^[\]\n]{1,40}\]/g) ?? [])].slice(0, 10);
  const lines = [`Task: ${clip(task, 200)}`];
  if (details.length) {
    lines.push('', 'Details the prompt gives:', ...details.slice(0, 6).map((d) => `- ${clip(d, 160)}`));
    if (details.length > 6) lines.push(`- …and ${details.length - 6} more`);
  }
  if (brackets.length) lines.push('', `Still in brackets (fill these in if they are placeholders): ${brackets.join(', ')}`);
  return lines;
}

/** The local engine's answer to a text prompt. */
export function localAnswerText(text: string): string {
  return [NO_MODEL, '', ...taskLines(text), '', sizeLine(text)].join('\n');
}

/** The local engine's answer to a chat prompt: its last user message as the task, the instructions and the conversation around it. */
export function localChatAnswerText(messages: readonly CompiledMessage[]): string {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const last = messages.findLast((m) => m.role === 'user')?.content ?? '';
  const count = (role: string) => messages.filter((m) => m.role === role).length;
  const lines = [NO_MODEL, ''];
  if (system.length) lines.push(`Instructions (system): ${clip(sentencesOf(system.join('\n'))[0] ?? '', 200)}`, '');
  lines.push(...(last ? taskLines(last) : ['Task: (no user message)']));
  const parts = [`${count('system')} system`, `${count('user')} user`, `${count('assistant')} assistant`];
  lines.push('', `Conversation: ${messages.length} ${messages.length === 1 ? 'message' : 'messages'} (${parts.join(', ')}).`);
  lines.push(sizeLine(messages.map((m) => m.content).join('\n\n')));
  return lines.join('\n');
}

/** What the local engine answers: the text, or a tool call, for a prompt and its settings. */
export function localAnswer(messages: readonly CompiledMessage[], config: ModelConfig, textPrompt: string | null): ModelEvent[] {
  const userText = messages.findLast((m) => m.role === 'user')?.content ?? '';
  const tool = chosenTool(config);
  if (tool) {
    const args = JSON.stringify(exampleOf(tool.parameters, userText));
    return [{ type: 'tool_call', id: `call_local_${tool.name}`, name: tool.name, arguments: args }];
  }
  const format = config.response_format;
  if (format?.type === 'json_schema') {
    const judged = format.name === VERDICT_FORMAT_NAME ? parseVerdictRequest(messages) : null;
    const value = judged ? localVerdict(judged.rubric, judged.answer) : exampleOf(format.schema, userText);
    return [{ type: 'text', delta: JSON.stringify(value, null, 2) }];
  }
  const plain = textPrompt === null ? localChatAnswerText(messages) : localAnswerText(textPrompt);
  return [{ type: 'text', delta: format?.type === 'json_object' ? JSON.stringify({ answer: plain }, null, 2) : plain }];
}

function chosenTool(config: ModelConfig) {
  const tools = config.tools ?? [];
  const choice = config.tool_choice;
  if (!tools.length || choice === 'none') return undefined;
  return typeof choice === 'object' ? tools.find((t) => t.name === choice.name) : tools[0];
}

/** The local answer streamed: text in at most LOCAL_CHUNKS word-aligned chunks (paced or at once), then the usage. */
export async function* localStream(call: ProviderCall, textPrompt: string | null, paced: boolean): AsyncGenerator<ModelEvent> {
  const answer = localAnswer(call.messages, call.config, textPrompt);
  let said = '';
  for (const event of answer) {
    if (event.type !== 'text') {
      if (event.type === 'tool_call') said += event.arguments;
      yield event;
      continue;
    }
    const pieces = event.delta.match(/\S+\s*|\s+/g) ?? [];
    const size = Math.max(1, Math.ceil(pieces.length / LOCAL_CHUNKS));
    for (let i = 0; i < pieces.length; i += size) {
      if (i > 0 && paced) await sleep(LOCAL_CHUNK_MS, undefined, { signal: call.signal });
      yield { type: 'text', delta: pieces.slice(i, i + size).join('') };
    }
    said += event.delta;
  }
  const prompt = call.messages.map((m) => m.content).join('\n');
  const [tokensIn, tokensOut] = await estimateTokens(prompt, said);
  yield { type: 'usage', tokens_in: tokensIn!, tokens_out: Math.max(1, tokensOut!), estimated: true };
}
