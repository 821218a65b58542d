import type { RouteKey } from '../../routes';
import {
  Accepted,
  Account,
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  LogoutAllRequest,
  ResetPasswordRequest,
  UpdateAccountRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '../account';
import { LoginForm, RegisterRequest, RegisterResponse, TokenResponse, User } from '../auth';
import type { RouteContract } from '../route-contract';

/** The contract of the Account area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const ACCOUNT_ROUTES = {
  'POST /auth/register': { summary: 'Create an account', request: RegisterRequest, response: RegisterResponse, status: 201 },
  'POST /auth/login': { summary: 'Sign in (OAuth2 password form)', request: LoginForm, encoding: 'form', response: TokenResponse },
  'GET /auth/me': { summary: 'The current user', response: User },
  'POST /auth/logout': { summary: 'End every session token of the current user', status: 204 },
  'POST /auth/logout-all': {
    summary: 'Sign out everywhere: every token of the current user ends, and every API key unless `revoke_api_keys` is false (the body may be left out)',
    request: LogoutAllRequest,
    optionalBody: true,
    status: 204,
  },
  'POST /auth/password/forgot': {
    summary: 'Email a password reset link (30 minutes, single use); the same 202 whether or not the account exists',
    request: ForgotPasswordRequest,
    response: Accepted,
    status: 202,
  },
  'POST /auth/password/reset': {
    summary: "Set a new password with a reset link's token; every session of the user ends and every API key is revoked (used, expired or unknown token → 400)",
    request: ResetPasswordRequest,
    status: 204,
  },
  'PUT /auth/password': {
    summary: 'Change the password (current one required); other sessions end, and every API key unless `revoke_api_keys` is false; a fresh token is returned',
    request: ChangePasswordRequest,
    response: TokenResponse,
  },
  'GET /account': { summary: 'The account with plan usage (limit null when unlimited)', response: Account },
  'PUT /account': { summary: 'Change first and last name', request: UpdateAccountRequest, response: Account },
  'POST /account/email': {
    summary: 'Ask to change the email: a confirmation link goes to the new address (password required)',
    request: ChangeEmailRequest,
    response: Accepted,
    status: 202,
  },
  'POST /account/email/verify': {
    summary: "Follow an email link: confirms a new account's email, or switches to the new email (every session ends)",
    request: VerifyEmailRequest,
    response: VerifyEmailResponse,
  },
  'POST /account/email/verification': { summary: 'Send the email confirmation link again', response: Accepted, status: 202 },
  'GET /account/export': { summary: 'Download everything the product holds about the user (JSON, no password material)' },
  'DELETE /account': {
    summary: 'Delete the account and every item of it; cancels an active subscription (password required; the last admin → 409)',
    request: DeleteAccountRequest,
    status: 204,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
