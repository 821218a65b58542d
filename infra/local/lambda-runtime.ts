import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';

/**
 * The part of the Lambda Node.js runtime that response streaming relies on, for the local gateway:
 * the global `awslambda` with `streamifyResponse` (marks a handler that takes a response stream)
 * and `HttpResponseStream.from` (status, headers and cookies before the body, the "prelude").
 * Same names and symbol as the runtime's, so middy's `streamifyResponse` runs unchanged. It must
 * be installed before any handler module loads (middy wraps the handler at import).
 */
const HANDLER_STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
const STREAM_RESPONSE = 'response';

export interface Prelude {
  statusCode?: number;
  headers?: Record<string, string>;
  cookies?: string[];
}

export type StreamingHandler = ((event: unknown, responseStream: Writable, context: unknown) => Promise<unknown>) & {
  [HANDLER_STREAMING]?: string;
};

export function installLambdaRuntime(): void {
  // The AWS SDK also keeps things on this global (an empty object when it loads first): add to it.
  const g = globalThis as { awslambda?: Record<string, unknown> };
  g.awslambda ??= {};
  const runtime = g.awslambda;
  runtime.streamifyResponse ??= <H extends StreamingHandler>(handler: H): H => {
    handler[HANDLER_STREAMING] = STREAM_RESPONSE;
    return handler;
  };
  runtime.HttpResponseStream ??= {
    from(stream: Writable, prelude: Prelude): Writable {
      if (!(stream instanceof LocalResponseStream)) throw new Error('HttpResponseStream.from needs the response stream the runtime passed in');
      stream.setPrelude(prelude);
      return stream;
    },
  };
}

export const isStreamingHandler = (handler: unknown): handler is StreamingHandler =>
  typeof handler === 'function' && (handler as StreamingHandler)[HANDLER_STREAMING] === STREAM_RESPONSE;

/**
 * The response stream handed to a streaming handler: writes go to the HTTP response as they come
 * (status and headers on the first write, or at the end of an empty body), with back-pressure.
 * A client that disconnects destroys it, so the handler's pipeline stops its source.
 */
export class LocalResponseStream extends Writable {
  #res: ServerResponse;
  #prelude: Prelude | undefined;
  #contentType = 'application/octet-stream';

  constructor(res: ServerResponse) {
    super();
    this.#res = res;
    res.once('close', () => {
      if (!res.writableFinished) this.destroy(new Error('The client closed the connection.'));
    });
  }

  /** The runtime's API for a stream without a prelude. */
  setContentType(contentType: string): void {
    this.#contentType = contentType;
  }

  setPrelude(prelude: Prelude): void {
    this.#prelude = prelude;
  }

  #writeHead(): void {
    if (this.#res.headersSent) return;
    const prelude = this.#prelude;
    const headers: Record<string, string | string[]> = { ...(prelude ? prelude.headers : { 'content-type': this.#contentType }) };
    if (prelude?.cookies?.length) headers['set-cookie'] = prelude.cookies;
    this.#res.writeHead(prelude?.statusCode ?? 200, headers);
    this.#res.flushHeaders();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#writeHead();
    if (this.#res.write(chunk)) callback();
    else this.#res.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#writeHead();
    this.#res.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.#res.writableEnded) this.#res.destroy();
    callback(error);
  }
}
