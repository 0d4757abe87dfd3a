import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { logOut, logOutToSignIn } from './session-actions';

export function useLogout() {
  const dispatch = useAppDispatch();
  return useCallback(() => logOut(dispatch), [dispatch]);
}

/** The home screen's Logout button: tokens and cache cleared, then /auth without a page load. */
export function useHomeLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => void logOutToSignIn(dispatch, () => navigate(paths.auth, { replace: true })), [dispatch, navigate]);
}
