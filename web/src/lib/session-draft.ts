import { useCallback, useEffect, useState } from 'react';

function read<T>(key: string, fallback: T): T {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/**
 * State kept in sessionStorage under `key`: typed work survives closing and reopening a dialog
 * (or a reload) in the same tab, and is gone when the tab closes. `clear` forgets it.
 */
export function useSessionDraft<T>(key: string, fallback: T) {
  const [value, setValue] = useState<T>(() => read(key, fallback));
  useEffect(() => {
    try {
      window.sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the draft then lives only as long as the dialog.
    }
  }, [key, value]);
  const clear = useCallback(() => {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  }, [key]);
  return [value, setValue, clear] as const;
}
