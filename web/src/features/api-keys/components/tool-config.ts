/** Working MCP configuration for the tools we document (the README shows the same). */
export function toolConfigs(mcpUrl: string, key = 'cst_...') {
  return [
    {
      tool: 'Claude Desktop',
      file: 'claude_desktop_config.json',
      config: {
        mcpServers: {
          construct: {
            command: 'npx',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote's own ${VAR} syntax, passed through as text, not a JavaScript template.
            args: ['-y', 'mcp-remote', mcpUrl, '--header', 'Authorization:Bearer ${CONSTRUCT_API_KEY}'],
            env: { CONSTRUCT_API_KEY: key },
          },
        },
      },
    },
    { tool: 'Cursor', file: '~/.cursor/mcp.json', config: { mcpServers: { construct: { url: mcpUrl, headers: { Authorization: `Bearer ${key}` } } } } },
    {
      tool: 'VS Code',
      file: '.vscode/mcp.json',
      config: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote's own ${VAR} syntax, passed through as text, not a JavaScript template.
        servers: { construct: { type: 'http', url: mcpUrl, headers: { Authorization: 'Bearer ${input:construct-key}' } } },
        inputs: [{ id: 'construct-key', type: 'promptString', description: 'Construct API key', password: true }],
      },
    },
  ];
}
