import NodeEnvironment from 'jest-environment-node';
import { type TestServer, startOwnNats } from './test-servers';

/**
 * The server project's test environment: jest's Node environment, plus a NATS of the test file's
 * own (`NATS_URL` in the file's `process.env`, which the service processes it starts inherit),
 * started before the file and stopped after its last hook.
 *
 * On the one NATS of the global setup, every file's consumers heard every other file's events: a
 * file storing 240 accounts at once queued them in the user directory of every file running beside
 * it, whose own events then waited behind them (a search test's four posts were not indexed within
 * 10 s on CI; an e2e student was unknown to commerce after 20 s). The other servers stay shared:
 * each file has its own database names and Redis keys, and nothing is delivered through them.
 *
 * With TEST_INFRA=docker (no local binaries) the files share the global NATS as before.
 */
export default class OwnNatsEnvironment extends NodeEnvironment {
  private nats: TestServer | undefined;

  override async setup(): Promise<void> {
    await super.setup();
    this.nats = await startOwnNats();
    if (this.nats) this.global.process.env.NATS_URL = this.nats.url;
  }

  override async teardown(): Promise<void> {
    await this.nats?.stop();
    this.nats = undefined;
    await super.teardown();
  }
}
