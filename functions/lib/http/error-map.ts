import { cancellationCodes, conditionFailed, lostToConcurrentWrite } from '../data/retry';
import { BadRequestError, ConflictError, HttpError, ServiceUnavailableError, UnsupportedMediaTypeError } from './errors';

/**
 * The error map of the response middleware (http.ts `respond`): our errors pass through; middy's
 * parser errors and storage faults get clear details; anything else is null (a bare 500).
 */
const BUSY = 'The service is busy. Please try again in a moment.';
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'];

/** Storage (or another service) could not be reached or did not answer in time. */
function unreachable(error: Error): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return (code !== undefined && NETWORK_CODES.includes(code)) || ['RequestTimeout', 'TimeoutError', 'NetworkingError'].includes(error.name);
}
const CONCURRENT = 'Another request changed the same data at the same time. Please try again.';
const CHANGED = 'This item was changed by another request. Please reload and try again.';

export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (!(error instanceof Error)) return null;
  const cause = (error as { cause?: { package?: string } }).cause;
  if (cause?.package === '@middy/http-json-body-parser') {
    return error.message === 'Unsupported Media Type'
      ? new UnsupportedMediaTypeError('Content-Type must be application/json.')
      : new BadRequestError('Request body is not valid JSON.');
  }
  if (cause?.package === '@middy/http-urlencode-body-parser') {
    return error.message === 'Unsupported Media Type'
      ? new UnsupportedMediaTypeError('Content-Type must be application/x-www-form-urlencoded.')
      : new BadRequestError('Request body is not a valid form.');
  }
  if (error.name === 'TimeoutError') {
    // middy answers just before the Lambda time-out, so the client gets a reason, not a dropped connection.
    return new ServiceUnavailableError('The request took too long. Please try again.');
  }
  if (unreachable(error)) return new ServiceUnavailableError(UNAVAILABLE);
  if (
    ['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'InternalServerError', 'ServiceUnavailable'].includes(error.name)
  ) {
    return new ServiceUnavailableError(BUSY);
  }
  // A transaction a handler did not interpret (transact() maps the conditions it expects).
  const codes = cancellationCodes(error);
  if (codes?.some((c) => ['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded'].includes(c))) return new ServiceUnavailableError(BUSY);
  // Lost to a concurrent writer (a transaction, or a single write that collided with one), or a
  // guard a handler did not expect to fail.
  if (lostToConcurrentWrite(error)) return new ConflictError(CONCURRENT);
  if (codes?.includes('ConditionalCheckFailed') || conditionFailed(error)) return new ConflictError(CHANGED);
  return null;
}
