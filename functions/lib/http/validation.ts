import type * as z from 'zod/mini';
import { BadRequestError, type FieldError } from './errors';

/** Parses input with a contract schema; on failure a 400 whose detail names the first problem. */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  // The generic message is pinned per parse: a module that loads classic zod (the MCP SDK does)
  // installs English default messages process-wide, and the contract's own messages win either way.
  const result = schema.safeParse(input, { error: () => GENERIC });
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => describeIssue(issue, input));
  throw new BadRequestError(errors[0]!.message, errors);
}

const GENERIC = 'Invalid input';

function describeIssue(issue: z.core.$ZodIssue, input: unknown): FieldError {
  const fitting = issue.code === 'invalid_union' ? fittingBranch(issue.errors) : undefined;
  if (fitting) return describeIssue({ ...fitting, path: [...issue.path, ...fitting.path] } as z.core.$ZodIssue, input);
  const field = issue.path.join('.');
  const missing = issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  if (missing && ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code)) return { field, message: `${field} is required.` };
  // Contract schemas carry user-facing messages; zod's generic one is replaced below.
  if (issue.message !== GENERIC) return { field, message: issue.message };
  if (issue.code === 'unrecognized_keys') {
    return { field, message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.` };
  }
  if (issue.code === 'invalid_type') {
    if (!field) return { field, message: `Request body must be a JSON ${issue.expected}.` };
    return { field, message: `${field} must be a ${issue.expected}.` };
  }
  if (issue.code === 'invalid_value' && 'values' in issue) {
    return { field, message: `${field} must be one of: ${issue.values.join(', ')}.` };
  }
  return { field, message: `${field || 'Request body'} is invalid.` };
}

/**
 * A union none of whose shapes fit (PUT /prompts/{id}: the favourite toggle or the full form):
 * the one shape the input has no unknown fields for is what the caller meant, so its first
 * problem is the one to name.
 */
function fittingBranch(branches: z.core.$ZodIssue[][]): z.core.$ZodIssue | undefined {
  const fitting = branches.filter((issues) => issues.length && !issues.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0));
  return fitting.length === 1 ? fitting[0]![0] : undefined;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Parses a query string with the route's query schema; on failure a 400 with the first problem as
 * its `detail` alone (query values are single strings, so the message names the parameter).
 */
export function parseQuery<S extends z.ZodMiniType>(schema: S, query: Record<string, string | undefined>): z.infer<S> {
  try {
    return parseWith(schema, query);
  } catch (error) {
    throw error instanceof BadRequestError ? new BadRequestError(error.detail) : error;
  }
}
