import { type ServiceProcess, startServiceProcess, uniqueName } from '@quad/common/src/testing';
import { freePort } from '@quad/common/src/testing/service-process';
import { TEST_ADMIN_PASSWORD } from './auth-test-app';

/**
 * Readiness decides who gets traffic (README, "Readiness"): without the object store only photo
 * uploads fail, so auth stays ready (and signs students in) and names the store as degraded.
 */
describe('auth readiness without the object store', () => {
  let auth: ServiceProcess;

  beforeAll(async () => {
    const name = uniqueName('auth_ready');
    // A port nothing listens on: every object-store call fails at once.
    auth = await startServiceProcess({
      service: 'auth',
      env: {
        DB_NAME: name,
        CONSUMER_PREFIX: name,
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        S3_PORT: String(await freePort()),
      },
      // Ready as a probe sees it is what is tested, so started means listening.
      readyPath: '/healthz',
      timeoutMs: 60_000,
    });
  }, 120_000);
  afterAll(() => auth?.stop());

  test('when the object store does not answer, then /readyz is 200 "degraded" and names it, not required', async () => {
    const response = await fetch(`${auth.url}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      components: Record<string, { status: string; required?: boolean }>;
    };
    expect(body.status).toBe('degraded');
    expect(body.components['object storage']).toMatchObject({ status: 'error', required: false });
    expect(body.components.mongodb?.status).toBe('ok');
  });
});
