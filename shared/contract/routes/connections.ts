import type { RouteKey } from '../../routes';
import { Connection, ConnectionInput, ConnectionList, ConnectionTest } from '../connections';
import type { RouteContract } from '../route-contract';

/** The contract of the Connections area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const CONNECTIONS_ROUTES = {
  'POST /connections': {
    summary:
      "Add a model connection to the workspace (owners; at most 20): the provider's API key is stored encrypted and never shown again, only its last 4 characters",
    request: ConnectionInput,
    response: Connection,
    status: 201,
  },
  'GET /connections': { summary: "The workspace's model connections (any member; never a key, only its hint)", response: ConnectionList },
  'DELETE /connections/{id}': { summary: 'Delete a model connection and its stored key (owners)', status: 204 },
  'POST /connections/{id}/test': {
    summary: "Try a connection's key against its provider (owners): ok with the models it offers, or not ok with the provider's reason",
    response: ConnectionTest,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
