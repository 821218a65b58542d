/**
 * HTTP errors as classes (Powertools style): throw one anywhere in a handler and the error
 * middleware turns it into `{"detail": ...}` with its status. Anything else becomes a bare 500.
 */
export interface FieldError {
  field: string;
  message: string;
}

export abstract class HttpError extends Error {
  abstract readonly statusCode: number;
  readonly headers: Record<string, string> = {};
  constructor(
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = new.target.name;
  }
  toJSON() {
    return this.errors?.length ? { detail: this.detail, errors: this.errors } : { detail: this.detail };
  }
}

export class BadRequestError extends HttpError {
  readonly statusCode = 400;
}
export class UnauthorizedError extends HttpError {
  readonly statusCode = 401;
  override readonly headers = { 'www-authenticate': 'Bearer' };
}
export class ForbiddenError extends HttpError {
  readonly statusCode = 403;
}
export class NotFoundError extends HttpError {
  readonly statusCode = 404;
}
export class MethodNotAllowedError extends HttpError {
  readonly statusCode = 405;
}
export class ConflictError extends HttpError {
  readonly statusCode = 409;
}
export class PayloadTooLargeError extends HttpError {
  readonly statusCode = 413;
}
export class UnsupportedMediaTypeError extends HttpError {
  readonly statusCode = 415;
}
export class TooManyRequestsError extends HttpError {
  readonly statusCode = 429;
}
export class BadGatewayError extends HttpError {
  readonly statusCode = 502;
}
export class ServiceUnavailableError extends HttpError {
  readonly statusCode = 503;
}
