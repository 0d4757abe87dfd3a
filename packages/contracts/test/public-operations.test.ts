import { API_OPERATIONS, operationFor } from '../src/api-operations';
import { PUBLIC_OPERATIONS, isPublicOperation } from '../src/public-operations';

/**
 * Services ask "may anyone call this?" of the short public list (public-operations.ts) instead of
 * loading the whole operation table with every schema; the list must stay what the table says.
 */
describe('the public operations list', () => {
  test('when the operation table changes, then the public list is still exactly its public entries, in order', () => {
    const fromTable = API_OPERATIONS.filter((op) => op.access === 'public').map(({ method, path }) => ({
      method,
      path,
    }));
    expect(PUBLIC_OPERATIONS).toEqual(fromTable);
  });

  test('when any operation of the table is called (HEAD, a trailing slash, a parameter), then the list answers as the table does', () => {
    const calls = API_OPERATIONS.flatMap((op) => {
      const path = op.path.replace(/:\w+/g, 'abc123');
      const methods = op.method === 'get' ? ['GET', 'HEAD', 'get'] : [op.method.toUpperCase()];
      return methods.flatMap((method) => [`${path}`, `${path}/`].map((p) => ({ method, path: p })));
    });
    const unknown = [
      { method: 'GET', path: '/api/register' },
      { method: 'POST', path: '/api/login/extra' },
      { method: 'PUT', path: '/api/colleges' },
      { method: 'GET', path: '/api/admin/admins/invites/a/b' },
    ];
    let publicCalls = 0;
    for (const call of [...calls, ...unknown]) {
      const expected = operationFor(call.method, call.path)?.access === 'public';
      if (expected) publicCalls++;
      expect({ ...call, isPublic: isPublicOperation(call.method, call.path) }).toEqual({
        ...call,
        isPublic: expected,
      });
    }
    expect(publicCalls).toBeGreaterThanOrEqual(PUBLIC_OPERATIONS.length * 2);
  });
});
