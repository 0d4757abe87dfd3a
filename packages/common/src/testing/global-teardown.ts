import { rm } from 'node:fs/promises';
import { down } from '@quad/infra-local';

export default async function globalTeardown(): Promise<void> {
  const dockerInfra = (globalThis as { quadDockerInfra?: { stop(): Promise<void> } }).quadDockerInfra;
  if (dockerInfra && process.env.QUAD_KEEP_TEST_INFRA !== '1') await dockerInfra.stop();
  const rootDir = process.env.QUAD_TEST_INFRA_DIR;
  if (!rootDir || process.env.QUAD_KEEP_TEST_INFRA === '1') return;
  await down({ rootDir, log: () => undefined });
  await rm(rootDir, { recursive: true, force: true });
}
