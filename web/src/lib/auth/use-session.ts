import type { User } from '@quad/contracts';
import { useCurrentUserQuery } from './session-api';
import { parseSuspension, type Suspension } from './suspension';

export interface Session {
  user: User | null;
  /** True until the first answer to GET /api/auth/user. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Set when the account is banned; the app then shows only the suspension screen. */
  suspension: Suspension | null;
}

export function useSession(): Session {
  const { data, error, isLoading } = useCurrentUserQuery();
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, suspension: parseSuspension(error) };
}
