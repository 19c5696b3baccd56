/**
 * Builds the worker without Ajv: the MCP SDK's server imports its Ajv-based JSON Schema validator
 * for elicitation, which the storefront's MCP server never uses, so the import resolves to a stand-in
 * (src/lib/agents/mcp/no-json-schema-validator.ts). Measured with `wrangler deploy --dry-run`.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

const STAND_IN = fileURLToPath(new URL('../src/lib/agents/mcp/no-json-schema-validator.ts', import.meta.url));

export default function mcpWithoutAjv(): AstroIntegration {
  return {
    name: 'mcp-without-ajv',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'mcp-without-ajv',
                enforce: 'pre',
                resolveId(source, importer) {
                  return importer?.includes('@modelcontextprotocol/sdk') && source.endsWith('validation/ajv-provider.js') ? STAND_IN : null;
                },
              },
            ],
          },
        });
      },
    },
  };
}
