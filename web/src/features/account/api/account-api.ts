import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailRequest, ChangePasswordRequest, DeleteAccountRequest, UpdateAccountRequest } from '@shared/contract/account';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { setAccessToken } from '@/lib/auth-token';
import { meQueryKey } from '@/lib/query-keys';

/**
 * The account calls: the account with usage (GET/PUT /account), password reset and change,
 * sign out everywhere, email change and confirmation, export and deletion. Answers are parsed
 * with the shared contract (loaded on demand: only these pages need it).
 */
const contract = () => import('@shared/contract/account');

export const accountQueryKey = ['account'] as const;

export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKey,
    queryFn: async ({ signal }) => apiRequest('/account', { signal, schema: (await contract()).Account }),
    staleTime: 30_000,
  });
}

export const useAccount = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...accountQueryOptions(), enabled });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationFn: async (input: UpdateAccountRequest) => apiRequest('/account', { method: 'PUT', json: input, schema: (await contract()).Account }),
      onSuccess: (account) => {
        queryClient.setQueryData(accountQueryKey, account);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      },
    }),
  );
}

const detailOf = async (data: unknown) => (await contract()).Accepted.parse(data).detail;

export const useForgotPassword = () =>
  useMutation(
    mutationOptions({
      mutationFn: async (email: string) => detailOf(await apiRequest('/auth/password/forgot', { method: 'POST', json: { email }, auth: false })),
    }),
  );

export const useResetPassword = () =>
  useMutation(
    mutationOptions({
      mutationFn: async (input: { token: string; password: string }) =>
        void (await apiRequest('/auth/password/reset', { method: 'POST', json: input, auth: false })),
    }),
  );

/** PUT /auth/password: the answer's token replaces the stored one (every other session has ended). */
export const useChangePassword = () =>
  useMutation(
    mutationOptions({
      mutationFn: async (input: ChangePasswordRequest) => {
        const { TokenResponse } = await import('@shared/contract/auth');
        const { access_token } = await apiRequest('/auth/password', { method: 'PUT', json: input, schema: TokenResponse });
        setAccessToken(access_token);
      },
    }),
  );

export const useLogoutEverywhere = () =>
  useMutation(mutationOptions({ mutationFn: async () => void (await apiRequest('/auth/logout-all', { method: 'POST' })) }));

export const useChangeEmail = () =>
  useMutation(
    mutationOptions({ mutationFn: async (input: ChangeEmailRequest) => detailOf(await apiRequest('/account/email', { method: 'POST', json: input })) }),
  );

export const useResendVerification = () =>
  useMutation(mutationOptions({ mutationFn: async () => detailOf(await apiRequest('/account/email/verification', { method: 'POST' })) }));

export const useVerifyEmail = () =>
  useMutation(
    mutationOptions({
      mutationFn: async (token: string) =>
        apiRequest('/account/email/verify', { method: 'POST', json: { token }, auth: false, schema: (await contract()).VerifyEmailResponse }),
    }),
  );

export const useDeleteAccount = () =>
  useMutation(mutationOptions({ mutationFn: async (input: DeleteAccountRequest) => void (await apiRequest('/account', { method: 'DELETE', json: input })) }));

/** GET /account/export, saved as the file the server names (Content-Disposition). */
export const useExportAccount = () =>
  useMutation(mutationOptions({ mutationFn: () => apiDownload('/account/export', { fallbackName: 'construct-account.json' }) }));
