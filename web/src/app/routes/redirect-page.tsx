import { Navigate } from 'react-router-dom';
import { paths } from '../paths';

/** Sends the user to / (spec section 2). */
export function RedirectPage() {
  return <Navigate to={paths.home} replace />;
}
