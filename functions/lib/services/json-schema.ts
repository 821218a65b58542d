import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv';
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import type { ModelConfig } from '@shared/contract/chat';
import { BadRequestError } from '../http/errors';

/**
 * JSON Schemas users give (a tool's parameters, a response schema), checked with Ajv: only the
 * functions that save model settings or check an answer import this module, so Ajv stays out of
 * the others and out of the web bundle. The contract (shared/contract/chat.ts) has already bounded
 * their size and depth, which Ajv asks of untrusted schemas. Draft 2020-12 unless `$schema` names
 * draft-07 or 2019-09; formats are not checked (no model provider checks them either).
 */
const OPTIONS = { strict: false, allErrors: false, validateFormats: false } as const;
type AnyAjv = Ajv | Ajv2019 | Ajv2020;
const engines = new Map<string, AnyAjv>();

function engineFor(schema: AnySchemaObject): AnyAjv | string {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  const draft = !declared || declared.includes('2020-12') ? '2020' : declared.includes('2019-09') ? '2019' : declared.includes('draft-07') ? '07' : null;
  if (!draft) return '$schema must be JSON Schema draft 2020-12 (the default), 2019-09 or draft-07.';
  let engine = engines.get(draft);
  if (!engine) {
    engine = draft === '2020' ? new Ajv2020(OPTIONS) : draft === '2019' ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS);
    engines.set(draft, engine);
  }
  return engine;
}

const describe = (errors: ErrorObject[] | null | undefined) => {
  const first = errors?.[0];
  if (!first) return 'it is not valid JSON Schema';
  return `${first.instancePath || 'its root'} ${first.message ?? 'is invalid'}`;
};

/** Compiles a schema without keeping it (a later schema may use the same $id). */
function compiled(schema: AnySchemaObject): ValidateFunction | string {
  const engine = engineFor(schema);
  if (typeof engine === 'string') return engine;
  if (!engine.validateSchema(schema)) return describe(engine.errors);
  try {
    return engine.compile(schema);
  } catch (error) {
    // An unresolvable $ref, a bad pattern: what the meta-schema cannot see.
    return error instanceof Error ? error.message : String(error);
  } finally {
    engine.removeSchema(schema);
  }
}

/** Null when `schema` is a JSON Schema Ajv compiles, else why not. */
export function schemaProblem(schema: AnySchemaObject): string | null {
  const result = compiled(schema);
  return typeof result === 'string' ? result : null;
}

/** Checks every schema of model settings: a 400 naming the first that is not valid JSON Schema. */
export function checkConfigSchemas(config: ModelConfig | undefined, field = 'config'): void {
  const schemas: [string, string, AnySchemaObject][] = (config?.tools ?? []).map((tool, i) => [
    `${field}.tools.${i}.parameters`,
    `The parameters of tool '${tool.name}' are`,
    tool.parameters,
  ]);
  if (config?.response_format?.type === 'json_schema')
    schemas.push([`${field}.response_format.schema`, 'The response schema is', config.response_format.schema]);
  for (const [path, name, schema] of schemas) {
    const problem = schemaProblem(schema);
    if (problem) {
      const message = `${name} not valid JSON Schema: ${problem}.`;
      throw new BadRequestError(message, [{ field: path, message }]);
    }
  }
}

/** Whether `value` is valid against `schema` (a model's answer against the response schema), with Ajv's reasons. */
export function validateAgainst(schema: AnySchemaObject, value: unknown): { valid: boolean; errors: string[] } {
  const validate = compiled(schema);
  if (typeof validate === 'string') return { valid: false, errors: [`The schema is not valid JSON Schema: ${validate}.`] };
  const valid = validate(value) as boolean;
  return { valid, errors: valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`) };
}
