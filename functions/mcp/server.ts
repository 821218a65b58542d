import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { transcriptOf } from '@shared/chat';
import type { CompileResponse } from '@shared/contract/registry';
import { API_BASE } from '@shared/routes';
import { boundedPage } from '../lib/data/paging';
import type { UserRecord } from '../lib/data/users';
import type { WorkspaceRef } from '../lib/data/workspace';
import { config } from '../lib/http/config';
import { HttpError, PayloadTooLargeError } from '../lib/http/errors';
import { api, type Result } from '../lib/http/http';
import { type Counted, compileRegistryPrompt, listRegistry } from '../lib/use-cases/registry';

/**
 * POST /api/v1/mcp: a Model Context Protocol server (Streamable HTTP, stateless, JSON answers) on
 * the official SDK, for AI tools (Claude Desktop, Cursor, VS Code) with an API key. Each request
 * builds a server for the caller and answers through the SDK's web-standard transport, so it runs
 * in a buffered Lambda: no session, no stream kept open.
 *
 * - prompts/list: each prompt by slug, with its INPUT variables as arguments (required without a default)
 * - prompts/get: the compiled prompt (SNIPPET, PROFILE and directives from the caller's context): a text
 *   prompt as one user message, a chat prompt as its messages (mcpMessages)
 * - tools search_prompts and get_prompt, for clients that use tools rather than prompts
 */
const SERVER_INFO = { name: 'construct', version: '1.0.0' };

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const stringRecord = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(value && typeof value === 'object' ? value : {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;

/** Our HTTP errors become MCP errors: bad input → invalid params, the rest keep their detail. */
function toMcpError(error: unknown): never {
  if (error instanceof HttpError)
    throw new McpError([400, 404, 413].includes(error.statusCode) ? ErrorCode.InvalidParams : ErrorCode.InternalError, error.message);
  throw error;
}

/**
 * A compiled prompt as MCP prompt messages, which have the roles user and assistant only: a text
 * prompt is one user message; a chat prompt's system messages are sent as user messages in their
 * place (their text unchanged), its user and assistant messages as they are (docs/product.md).
 */
function mcpMessages(compiled: CompileResponse) {
  const messages = compiled.kind === 'chat' ? compiled.messages : [{ role: 'user' as const, content: compiled.text }];
  return messages.map((m) => ({
    role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
    content: { type: 'text' as const, text: m.content },
  }));
}

function serverFor(user: UserRecord, workspace: WorkspaceRef, apiKeyId: string | null): Server {
  const count: Counted = { channel: 'mcp', apiKeyId };
  const server = new Server(SERVER_INFO, { capabilities: { prompts: {}, tools: {} } });

  // Past 900 KB the list comes in pages, with MCP's own cursor (docs/architecture.md, "Bounded answers").
  server.setRequestHandler(ListPromptsRequestSchema, async ({ params }) => {
    const prompts = (await listRegistry(workspace.pk)).map((p) => ({
      name: p.slug,
      title: p.title,
      description: p.description,
      arguments: p.variables
        .filter((v) => v.type === 'INPUT')
        .map((v) => ({
          name: v.key,
          description: v.choices ? `One of: ${v.choices.join(', ')}` : v.default ? `Default: ${v.default}` : v.key,
          required: v.default === undefined,
        })),
    }));
    const page = await boundedPage(`mcp-prompts:${workspace.pk}`, prompts, params?.cursor, { keyOf: (p) => p.name }).catch(toMcpError);
    return { prompts: page.rows, ...(page.next ? { nextCursor: page.next } : {}) };
  });

  server.setRequestHandler(GetPromptRequestSchema, async ({ params }) => {
    const { compiled, view } = await compileRegistryPrompt({
      workspace,
      user,
      slug: params.name,
      selector: {},
      inputs: params.arguments ?? {},
      directives: true,
      count,
    }).catch(toMcpError);
    return { description: view.title, messages: mcpMessages(compiled) };
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'search_prompts',
        title: 'Search prompts',
        description: 'Search your Construct prompts by words in their slug, title or description. Without a query, lists them all.',
        inputSchema: { type: 'object' as const, properties: { query: { type: 'string', description: 'Words to look for' } } },
      },
      {
        name: 'get_prompt',
        title: 'Get a prompt',
        description: 'One of your Construct prompts by slug, filled with your variables, snippets, profile and global directives.',
        inputSchema: {
          type: 'object' as const,
          properties: {
            slug: { type: 'string', description: 'The prompt slug (from search_prompts)' },
            label: { type: 'string', description: 'A label such as production (default: the latest version)' },
            variables: { type: 'object', additionalProperties: { type: 'string' }, description: 'INPUT values by name' },
          },
          required: ['slug'],
        },
      },
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    if (params.name === 'search_prompts') {
      const words = (asString(args.query) ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const found = (await listRegistry(workspace.pk)).filter((p) => words.every((w) => `${p.slug} ${p.title} ${p.description}`.toLowerCase().includes(w)));
      const text = found.length ? found.map((p) => `${p.slug}: ${p.title}${p.description ? ` (${p.description})` : ''}`).join('\n') : 'No prompts found.';
      return { content: [{ type: 'text' as const, text }], structuredContent: { prompts: found } };
    }
    if (params.name === 'get_prompt') {
      const slug = asString(args.slug);
      if (!slug) return { content: [{ type: 'text' as const, text: 'slug is required.' }], isError: true };
      try {
        const label = asString(args.label);
        const { compiled } = await compileRegistryPrompt({
          workspace,
          user,
          slug,
          selector: label ? { label } : {},
          inputs: stringRecord(args.variables),
          directives: true,
          count,
        });
        return { content: [{ type: 'text' as const, text: compiled.kind === 'chat' ? transcriptOf(compiled.messages) : compiled.text }] };
      } catch (error) {
        // Tool failures go back to the model as results it can act on (a missing variable, a wrong slug).
        if (error instanceof HttpError) return { content: [{ type: 'text' as const, text: error.message }], isError: true };
        throw error;
      }
    }
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
  });
  return server;
}

export const handler = api('POST /mcp', {}, async ({ user, workspace, event, apiKeyId }): Promise<Result> => {
  const raw = event.body ?? '';
  const body = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(body) > config.maxBodyBytes) throw new PayloadTooLargeError(`Request body is too large (limit ${config.maxBodyBytes / 1024} KB).`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined && name !== 'authorization') headers.set(name, value);
  const request = new Request(`https://mcp.local${API_BASE}/mcp`, { method: 'POST', headers, body });

  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const server = serverFor(user, workspace, apiKeyId);
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request);
    const text = await response.text();
    return { statusCode: response.status, headers: Object.fromEntries(response.headers.entries()), ...(text ? { body: text } : {}) };
  } finally {
    await server.close();
  }
});
