import { describe, expect, it } from 'vitest';
import { checkConfigSchemas, schemaProblem, validateAgainst } from '../../functions/lib/services/json-schema';

describe('JSON Schemas users give', () => {
  it('accepts 2020-12 (the default), 2019-09 and draft-07 schemas', () => {
    expect(schemaProblem({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })).toBeNull();
    expect(schemaProblem({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' })).toBeNull();
    expect(
      schemaProblem({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        definitions: { a: { type: 'string' } },
        properties: { x: { $ref: '#/definitions/a' } },
      }),
    ).toBeNull();
    // The same $id twice: nothing is kept between checks.
    expect(schemaProblem({ $id: 'https://example.com/s', type: 'object' })).toBeNull();
    expect(schemaProblem({ $id: 'https://example.com/s', type: 'object' })).toBeNull();
  });

  it.each([
    [{ type: 'objekt' }, '/type must be equal to one of the allowed values'],
    [{ required: 'city' }, '/required must be array'],
    [{ $ref: '#/$defs/missing' }, "can't resolve reference #/$defs/missing from id #"],
    [{ type: 'string', pattern: '(' }, 'Invalid regular expression: /(/u: Unterminated group'],
    [{ $schema: 'http://json-schema.org/draft-04/schema#' }, '$schema must be JSON Schema draft 2020-12 (the default), 2019-09 or draft-07.'],
  ])('names why %j is not JSON Schema', (schema, problem) => {
    expect(schemaProblem(schema)).toBe(problem);
  });

  it('answers 400 naming the tool or the response schema', () => {
    const good = { type: 'object' as const };
    expect(() =>
      checkConfigSchemas({ tools: [{ name: 'a', parameters: good }], response_format: { type: 'json_schema', name: 'r', schema: good } }),
    ).not.toThrow();
    try {
      checkConfigSchemas({
        tools: [
          { name: 'a', parameters: good },
          { name: 'lookup', parameters: { type: 'object', properties: 3 } },
        ],
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        statusCode: 400,
        detail: "The parameters of tool 'lookup' are not valid JSON Schema: /properties must be object.",
        errors: [{ field: 'config.tools.1.parameters' }],
      });
    }
    expect(() => checkConfigSchemas({ response_format: { type: 'json_schema', name: 'r', schema: { type: 'nope' } } })).toThrow(
      'The response schema is not valid JSON Schema: /type must be equal to one of the allowed values.',
    );
  });

  it('checks an answer against a schema', () => {
    const schema = { type: 'object', required: ['n'], properties: { n: { type: 'number' } } };
    expect(validateAgainst(schema, { n: 1 })).toEqual({ valid: true, errors: [] });
    expect(validateAgainst(schema, { n: 'one' })).toEqual({ valid: false, errors: ['/n must be number'] });
  });
});
