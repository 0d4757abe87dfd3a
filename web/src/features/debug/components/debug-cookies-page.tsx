import { STORAGE_KEYS } from '@quad/contracts';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { InfoIcon, RefreshIcon } from '../../../ui/icons';
import { PageContainer, PageHeader } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { useGetDebugSessionQuery } from '../api';
import { cookieNames, redactSecrets } from '../redact';
import { Grid, List, Muted, Pre } from './debug-cookies-page.styles';

function hasStored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** /debug-cookies: what the session looks like, for support — names and facts, never token values. */
export function DebugCookiesPage() {
  const session = useGetDebugSessionQuery();
  const names = cookieNames(document.cookie);

  return (
    <PageContainer>
      <PageHeader
        icon={<InfoIcon />}
        title="Session Debug"
        description="Cookies and a test call to the server. Token values are never shown."
        actions={
          <Button variant="outline" onClick={() => session.refetch()} disabled={session.isFetching}>
            <RefreshIcon />
            Run test call
          </Button>
        }
      />
      <Grid>
        <Card>
          <CardTitle>Server session</CardTitle>
          <CardDescription>Response of GET /api/debug/session</CardDescription>
          {session.isFetching ? (
            <Muted><Spinner size={20} label="Calling the server" /></Muted>
          ) : session.isError ? (
            <Pre>{session.error && 'message' in session.error ? String(session.error.message) : 'Request failed'}</Pre>
          ) : (
            <Pre>{JSON.stringify(redactSecrets(session.data ?? null), null, 2)}</Pre>
          )}
        </Card>
        <Card>
          <CardTitle>Browser</CardTitle>
          <CardDescription>Cookies readable by scripts and what is kept in storage</CardDescription>
          <List aria-label="Cookie names">
            {names.length === 0 ? (
              <li>No script-readable cookies</li>
            ) : (
              names.map((name) => (
                <li key={name}>
                  <code>{name}</code>
                </li>
              ))
            )}
          </List>
          <List aria-label="Stored items">
            {[STORAGE_KEYS.userToken, STORAGE_KEYS.adminToken, STORAGE_KEYS.userDevice].map((key) => (
              <li key={key}>
                <code>{key}</code>
                <Badge $variant={hasStored(key) ? 'success' : 'default'}>{hasStored(key) ? 'present' : 'absent'}</Badge>
              </li>
            ))}
          </List>
          <Muted>The session cookie is httpOnly, so it is listed by the server above, not here.</Muted>
        </Card>
      </Grid>
    </PageContainer>
  );
}
