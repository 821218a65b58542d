import type { ResponseFormat } from '@shared/contract/chat';
import { validateAgainst } from '../json-schema';

/**
 * An answer checked against the prompt's response format: JSON at all (`json_object`), and valid
 * against the schema (`json_schema`, with the one Ajv of services/json-schema.ts).
 */
export interface JsonCheck {
  valid: boolean;
  errors: string[];
}

/** Whether the format asks for JSON at all. */
export const wantsJson = (format: ResponseFormat | undefined): format is Exclude<ResponseFormat, { type: 'text' }> =>
  format !== undefined && format.type !== 'text';

/** A model's JSON answer may come in a Markdown code fence; the fence is not part of it. */
export function stripFence(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return match ? match[1]! : text;
}

export function checkJsonAnswer(text: string, format: Exclude<ResponseFormat, { type: 'text' }>): JsonCheck {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch (error) {
    return { valid: false, errors: [`The answer is not JSON: ${(error as Error).message}.`] };
  }
  if (format.type === 'json_object') {
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    return isObject ? { valid: true, errors: [] } : { valid: false, errors: ['The answer is JSON, but not an object.'] };
  }
  return validateAgainst(format.schema, value);
}
