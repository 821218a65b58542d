import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys } from '@/lib/query-keys';

/** POST /admin/users/{id}/password-reset: 202; the user gets a reset link by email (the admin never sees it). */
export async function sendPasswordReset(id: string): Promise<string> {
  const data = await apiRequest(`/admin/users/${encodeURIComponent(id)}/password-reset`, { method: 'POST' });
  const { Accepted } = await import('@shared/contract/account');
  return Accepted.parse(data).detail;
}

export function useSendPasswordReset() {
  return useMutation({ mutationKey: mutationKeys.admin.sendPasswordReset, mutationFn: sendPasswordReset });
}
