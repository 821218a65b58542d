import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { apiUrl, call, signUp } from '../support/api';

/** The official MCP client over Streamable HTTP against the local stack, authorised by an API key. */
async function connect(key: string) {
  const client = new Client({ name: 'construct-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${apiUrl()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

describe('MCP server', () => {
  it('lists prompts with their INPUT arguments, gets one compiled, and offers search and get tools', async () => {
    const user = await signUp();
    const key = (await call('POST', '/api-keys', { token: user.token, json: { name: 'mcp', password: user.password } })).body.key;
    await call('PUT', '/context/profile/company', { token: user.token, json: { value: 'Acme' } });
    await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Launch post', body: 'Announce [INPUT: product] for [PROFILE: company] in a [INPUT: tone=fun|serious] tone.' },
    });
    await call('POST', '/prompts/', { token: user.token, json: { title: 'Bug triage', body: 'Sort these bugs.' } });
    const client = await connect(key);

    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      { name: 'bug-triage', title: 'Bug triage', description: 'Sort these bugs.', arguments: [] },
      {
        name: 'launch-post',
        title: 'Launch post',
        description: 'Announce [INPUT: product] for [PROFILE: company] in a [INPUT: tone=fun|serious] tone.',
        arguments: [
          { name: 'product', description: 'product', required: true },
          { name: 'tone', description: 'One of: fun, serious', required: false },
        ],
      },
    ]);

    const got = await client.getPrompt({ name: 'launch-post', arguments: { product: 'Rockets' } });
    expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Announce Rockets for Acme in a fun tone.' } }]);
    await expect(client.getPrompt({ name: 'launch-post', arguments: {} })).rejects.toThrow(/Missing value for INPUT variable 'product'/);
    await expect(client.getPrompt({ name: 'nope' })).rejects.toThrow(/Prompt not found/);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_prompts', 'get_prompt']);
    const search = await client.callTool({ name: 'search_prompts', arguments: { query: 'launch' } });
    expect(search.content).toEqual([
      { type: 'text', text: 'launch-post: Launch post (Announce [INPUT: product] for [PROFILE: company] in a [INPUT: tone=fun|serious] tone.)' },
    ]);
    const tool = await client.callTool({ name: 'get_prompt', arguments: { slug: 'launch-post', variables: { product: 'Kites', tone: 'serious' } } });
    expect(tool.content).toEqual([{ type: 'text', text: 'Announce Kites for Acme in a serious tone.' }]);
    const failed = await client.callTool({ name: 'get_prompt', arguments: { slug: 'launch-post' } });
    expect(failed.isError).toBe(true);
    await client.close();
  });

  it('refuses a missing or revoked key with 401', async () => {
    const user = await signUp();
    const made = (await call('POST', '/api-keys', { token: user.token, json: { name: 'mcp', password: user.password } })).body;
    await call('DELETE', `/api-keys/${made.id}`, { token: user.token });
    await expect(connect(made.key)).rejects.toThrow(/401|revoked/);
    const anonymous = await call('POST', '/mcp', {
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(anonymous.status).toBe(401);
  });
});
