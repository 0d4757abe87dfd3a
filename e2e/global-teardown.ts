import infraTeardown from '@quad/common/src/testing/global-teardown';

export default async function globalTeardown(): Promise<void> {
  const children = globalThis.__QUAD_E2E_CHILDREN__ ?? [];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await globalThis.__QUAD_E2E_NATS__?.stop();
  await infraTeardown();
}
