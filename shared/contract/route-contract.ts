import type * as z from 'zod/mini';

export interface RouteContract {
  summary: string;
  /** The request body's schema: the handler validates with it (see `parsedAs`), OpenAPI documents it. */
  request?: z.ZodMiniType;
  /**
   * A looser schema the handler validates the body with when it checks a part of it itself
   * (import: the document, so its problems are reported with their positions); `request` stays
   * the documented shape.
   */
  parsedAs?: z.ZodMiniType;
  /** The body may be left out: the handler gets the request schema's defaults. */
  optionalBody?: true;
  /** Wire encoding of the request body; JSON unless the login form (OAuth2 password flow). */
  encoding?: 'form';
  response?: z.ZodMiniType;
  status?: number;
  /**
   * The query string's schema (an object of optional strings; `z.describe` on each for OpenAPI):
   * the handler gets `query` parsed by it, a bad value answers 400 with the schema's message.
   */
  query?: z.ZodMiniObject;
  /** Other media types the success answer may have instead of JSON, each with a description. */
  otherMedia?: Record<string, string>;
  /** Headers of the success answer, each with a description. */
  responseHeaders?: Record<string, string>;
}
