import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { NotImplementedError } from './lib/errors';
import { type Result, respond } from './lib/http';

/** Serves the route-table entries whose feature has not landed yet. */
export const handler = middy<APIGatewayProxyEventV2, Result>()
  .use(respond())
  .handler(async (event) => {
    throw new NotImplementedError(`${event.requestContext.http.method} ${event.rawPath} is not implemented yet.`);
  });
