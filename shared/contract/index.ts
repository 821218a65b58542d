import type * as z from 'zod/mini';
import type { RouteKey } from '../routes';
import { LoginForm, RegisterRequest, RegisterResponse, TokenResponse, User } from './auth';
import { HealthResponse } from './system';

interface RouteContract {
  summary: string;
  request?: z.ZodMiniType;
  /** Wire encoding of the request body; JSON unless the spec says otherwise. */
  encoding?: 'form';
  response?: z.ZodMiniType;
  status?: number;
}

/** Request and response schemas per route: handlers validate with them, the OpenAPI document is built from them. */
export const CONTRACT: Partial<Record<RouteKey, RouteContract>> = {
  'GET /health': { summary: 'Liveness check', response: HealthResponse },
  'POST /auth/register': { summary: 'Create an account', request: RegisterRequest, response: RegisterResponse, status: 201 },
  'POST /auth/login': { summary: 'Sign in (OAuth2 password form)', request: LoginForm, encoding: 'form', response: TokenResponse },
  'GET /auth/me': { summary: 'The current user', response: User },
};
