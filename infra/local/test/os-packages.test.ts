/**
 * How `npm start` and `npm run infra:up` get what a fresh machine lacks. Only the decision is
 * tested: nothing is installed.
 */
import { GO_NEED, type Machine, REDIS_NEED, planOsInstall } from '../src';

const debian: Machine = {
  isRoot: false,
  passwordlessSudo: false,
  hasAptGet: true,
  debianCodename: 'trixie',
  systemd: false,
};

const argvs = (plan: ReturnType<typeof planOsInstall>) =>
  plan.kind === 'install' ? plan.steps.map((step) => step.argv.join(' ')) : [];

describe('installing what the machine lacks', () => {
  test('when nothing is missing, then nothing is done', () => {
    expect(planOsInstall([], { ...debian, isRoot: true })).toEqual({ kind: 'nothing' });
  });

  test('when redis-server is missing and we run as root, then apt-get update and install run directly', () => {
    const plan = planOsInstall([REDIS_NEED], { ...debian, isRoot: true });

    expect(plan.kind).toBe('install');
    expect(argvs(plan)).toEqual(['apt-get update', 'apt-get install -y --no-install-recommends redis-server']);
  });

  test('when redis-server is missing and sudo needs no password, then the same commands run through sudo -n', () => {
    const plan = planOsInstall([REDIS_NEED], { ...debian, passwordlessSudo: true });

    expect(argvs(plan)).toEqual([
      'sudo -n apt-get update',
      'sudo -n apt-get install -y --no-install-recommends redis-server',
    ]);
  });

  test('when neither root nor passwordless sudo, then it installs nothing and names the one command to run', () => {
    const plan = planOsInstall([REDIS_NEED], debian);

    expect(plan.kind).toBe('ask');
    const message = plan.kind === 'ask' ? plan.message : '';
    expect(message).toMatch(/^redis-server not found/);
    expect(message).toContain(
      'sudo apt-get update && sudo apt-get install -y --no-install-recommends redis-server',
    );
  });

  test('when systemd runs the machine, then the system Redis the package starts is stopped (it would hold 6379)', () => {
    const plan = planOsInstall([REDIS_NEED], { ...debian, isRoot: true, systemd: true });

    expect(plan.kind === 'install' && plan.steps.at(-1)).toEqual({
      argv: ['systemctl', 'disable', '--now', 'redis-server'],
      optional: true,
    });
  });

  test('when Go is missing on Debian 12, then golang-go comes from bookworm-backports (bookworm has 1.19)', () => {
    const plan = planOsInstall([REDIS_NEED, GO_NEED], { ...debian, debianCodename: 'bookworm', isRoot: true });

    expect(argvs(plan)).toEqual([
      'sh -c echo "deb http://deb.debian.org/debian bookworm-backports main" > /etc/apt/sources.list.d/backports.list',
      'apt-get update',
      'apt-get install -y --no-install-recommends redis-server',
      'apt-get install -y --no-install-recommends -t bookworm-backports golang-go',
    ]);
  });

  test('when Go is missing on a newer Debian, then golang-go is installed with the rest', () => {
    const plan = planOsInstall([GO_NEED], { ...debian, passwordlessSudo: true });

    expect(argvs(plan)).toEqual([
      'sudo -n apt-get update',
      'sudo -n apt-get install -y --no-install-recommends golang-go',
    ]);
  });

  test('when there is no apt-get, then it names what to install by hand', () => {
    const plan = planOsInstall([REDIS_NEED], { ...debian, hasAptGet: false, isRoot: true });

    expect(plan).toEqual({ kind: 'ask', message: expect.stringContaining('brew install redis') });
  });
});
