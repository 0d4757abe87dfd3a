import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../ui/toast';
import { paths } from '../paths';
import { LoadingScreen } from './loading-screen';

/** Spec section 9: redirect on logged-out after 1500 ms. */
export const LOGGED_OUT_REDIRECT_MS = 1500;

/** A visitor on a signed-in-only screen: say so, then go to /auth (spec section 2, Home). */
export function UnauthorizedRedirect() {
  const { toast } = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Redirecting...', variant: 'destructive' });
    const timer = window.setTimeout(() => navigate(paths.auth, { replace: true }), LOGGED_OUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, toast]);
  return <LoadingScreen text="Redirecting..." />;
}
