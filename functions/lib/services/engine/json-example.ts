/**
 * A valid instance of a JSON Schema, made deterministically (the local engine's answer to a
 * response schema, and its tool calls' arguments): every declared property, the first of an
 * enum or a choice, numbers and lengths within their bounds, string formats by example. Strings
 * take words of `hint` (the prompt's text), so different prompts get different answers. Patterns
 * are not solved: a string under a pattern may not match it (the run's JSON check then says so).
 */
type Schema = Record<string, unknown>;

const MAX_DEPTH = 12;
const FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T09:00:00Z',
  date: '2026-01-01',
  time: '09:00:00Z',
  email: 'ada@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

export function exampleOf(schema: unknown, hint = ''): unknown {
  const words = hint.match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Example(isSchema(schema) ? schema : {}, words).value(schema, 'value', 0);
}

class Example {
  constructor(
    private readonly root: Schema,
    private readonly words: string[],
  ) {}

  value(schema: unknown, name: string, depth: number): unknown {
    if (schema === true || !isSchema(schema)) return this.text(name, {});
    if (depth > MAX_DEPTH) return null;
    if (typeof schema.$ref === 'string') return this.value(this.resolve(schema.$ref), name, depth + 1);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if ('default' in schema) return schema.default;
    const choice = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
    if (Array.isArray(choice) && choice.length) return this.value(this.merge(schema, choice[0]), name, depth + 1);
    if (Array.isArray(schema.allOf) && schema.allOf.length) {
      const merged = schema.allOf.reduce<Schema>((all, part) => this.merge(all, part), { ...schema, allOf: undefined });
      return this.value(merged, name, depth + 1);
    }
    switch (this.typeOf(schema)) {
      case 'object':
        return this.object(schema, depth);
      case 'array':
        return this.array(schema, name, depth);
      case 'integer':
      case 'number':
        return this.number(schema);
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return this.text(name, schema);
    }
  }

  private typeOf(schema: Schema): string {
    const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? schema.type[0]) : schema.type;
    if (typeof type === 'string') return type;
    if (schema.properties || schema.required) return 'object';
    if (schema.items || schema.prefixItems) return 'array';
    return 'string';
  }

  private object(schema: Schema, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const properties = isSchema(schema.properties) ? schema.properties : {};
    for (const [key, sub] of Object.entries(properties)) out[key] = this.value(sub, key, depth + 1);
    // A required name with no declared schema still needs a value.
    for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      if (!(key in out)) out[key] = this.value(isSchema(schema.additionalProperties) ? schema.additionalProperties : {}, key, depth + 1);
    }
    return out;
  }

  private array(schema: Schema, name: string, depth: number): unknown[] {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
    const items = prefix.map((sub, i) => this.value(sub, `${name}${i + 1}`, depth + 1));
    const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
    const rest = isSchema(schema.items) ? schema.items : null;
    for (let i = items.length; i < Math.max(min, rest && !prefix.length ? 1 : 0); i++) items.push(this.value(rest ?? {}, `${name}${i + 1}`, depth + 1));
    return items;
  }

  private number(schema: Schema): number {
    const integer = this.typeOf(schema) === 'integer';
    const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : 0;
    let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
    if (typeof schema.exclusiveMinimum === 'number') low = Math.max(low, schema.exclusiveMinimum + (step || 1e-6));
    let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
    if (typeof schema.exclusiveMaximum === 'number') high = Math.min(high, schema.exclusiveMaximum - (step || 1e-6));
    let n = Math.min(Math.max(1, low), high);
    if (step) n = Math.ceil(n / step) * step;
    if (n > high && step) n = Math.floor(high / step) * step;
    return integer ? Math.round(n) : n;
  }

  private text(name: string, schema: Schema): string {
    if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format]!;
    const taken = this.words.slice(0, 6).join(' ');
    let value = taken ? `${name}: ${taken}` : `example ${name}`;
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
    while (value.length < min) value += ' …';
    if (value.length > max) value = value.slice(0, max);
    return value;
  }

  /** A local reference (`#/$defs/x`, `#/definitions/x`); anything else is any value. */
  private resolve(ref: string): unknown {
    if (!ref.startsWith('#')) return {};
    let at: unknown = this.root;
    for (const part of ref.slice(1).split('/').filter(Boolean)) {
      at = isSchema(at) ? at[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    return at ?? {};
  }

  /** Two schemas' constraints together (allOf, or a choice inside a schema that declares more). */
  private merge(base: Schema, extra: unknown): Schema {
    if (!isSchema(extra)) return base;
    const { anyOf: _a, oneOf: _o, ...rest } = base;
    const properties = { ...(isSchema(rest.properties) ? rest.properties : {}), ...(isSchema(extra.properties) ? extra.properties : {}) };
    const required = [...(Array.isArray(rest.required) ? rest.required : []), ...(Array.isArray(extra.required) ? extra.required : [])];
    return { ...rest, ...extra, ...(Object.keys(properties).length ? { properties } : {}), ...(required.length ? { required } : {}) };
  }
}
