import { down } from '@quad/infra-local';
import { TEST_INFRA_DIR } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  if (process.env.QUAD_KEEP_TEST_INFRA === '1') return;
  await down({ rootDir: TEST_INFRA_DIR, log: () => undefined });
}
