import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAccountRequest } from '@shared/contract/account';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { accountContract } from './contract';

/** PUT /account: the name; answers the account. */
export async function updateAccount(input: UpdateAccountRequest) {
  return apiRequest('/account', { method: 'PUT', json: input, schema: (await accountContract()).Account });
}

/** Saves, shows the answer at once, and refreshes the signed-in user (the header's name). */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationFn: updateAccount,
      onSuccess: (account) => {
        queryClient.setQueryData(queryKeys.account, account);
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      },
    }),
  );
}
