import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** GET /account/export, saved as the file the server names (Content-Disposition). Resolves to the file's name. */
export const exportAccount = () => apiDownload('/account/export', { fallbackName: 'construct-account.json' });

export const useExportAccount = () => useMutation(mutationOptions({ mutationFn: exportAccount }));
