import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/paths';
import { originFrom } from '../utils/origin';

/**
 * For the sign-in and register pages: the origin the guard remembered (see originFrom), and the
 * way there once signed in, replacing the page in history; /prompts when there is none.
 */
export function useReturnToOrigin() {
  const location = useLocation();
  const navigate = useNavigate();
  const origin = originFrom(location);
  const returnToOrigin = useCallback(() => {
    void navigate(origin ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
  }, [navigate, origin]);
  return { origin, returnToOrigin };
}
