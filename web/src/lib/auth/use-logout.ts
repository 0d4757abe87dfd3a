import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { logOut } from './session-actions';

export function useLogout() {
  const dispatch = useAppDispatch();
  return useCallback(() => logOut(dispatch), [dispatch]);
}
