import type * as z from 'zod/mini';
import { BadRequestError, type FieldError } from './errors';

/** Parses input with a contract schema; on failure a 400 whose detail names the first problem. */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => describeIssue(issue, input));
  throw new BadRequestError(errors[0]!.message, errors);
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): FieldError {
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') {
    return { field, message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.` };
  }
  if (issue.code === 'invalid_type') {
    if (!field) return { field, message: `Request body must be a JSON ${issue.expected}.` };
    const missing = valueAt(input, issue.path) === undefined;
    return { field, message: missing ? `${field} is required.` : `${field} must be a ${issue.expected}.` };
  }
  if (issue.code === 'invalid_value' && 'values' in issue) {
    return { field, message: `${field} must be one of: ${issue.values.join(', ')}.` };
  }
  // Contract schemas carry their own user-facing messages for every other check.
  return { field, message: issue.message === 'Invalid input' ? `${field || 'Request body'} is invalid.` : issue.message };
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
