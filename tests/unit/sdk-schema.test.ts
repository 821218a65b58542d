import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@shared/openapi';
import { generateSchema, SCHEMA_FILE } from '../../sdk/scripts/generate';

describe('SDK types', () => {
  // openapi-typescript runs through npx (pinned, from the npm registry; cached after the first run).
  it('are generated from the OpenAPI document the API serves (regenerate: npx tsx sdk/scripts/generate.ts)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generateSchema(openApiDocument()));
  }, 180_000);
});
