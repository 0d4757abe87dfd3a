/** Passwords: unknown e-mails must cost what wrong passwords cost, from the first sign-in after a start. */
type Passwords = typeof import('../src/domain/passwords');

/** The passwords module as a fresh start of the service loads it. */
function freshPasswords(): Passwords {
  let loaded: Passwords | undefined;
  jest.isolateModules(() => {
    loaded = require('../src/domain/passwords') as Passwords;
  });
  return loaded!;
}

async function millisecondsOf(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

describe('password verification timing', () => {
  test('when the first sign-in after a start names an unknown e-mail, then it takes no longer than a wrong password for a real account', async () => {
    const realHash = await freshPasswords().hashPassword('the real password');
    // One start's first answer is one sample: a busy machine can slow any single one. Making the
    // stand-in hash at the first unknown e-mail doubled that answer's time at every start, so three
    // starts that all miss the bound are the defect, not noise.
    const ratios: number[] = [];
    for (let start = 0; start < 3; start += 1) {
      const passwords = freshPasswords();
      await passwords.passwordsReady; // as the service's start waits for it
      const firstUnknown = await millisecondsOf(() => passwords.verifyPassword(null, 'a guess'));
      const wrong: number[] = [];
      for (let n = 0; n < 5; n += 1) wrong.push(await millisecondsOf(() => passwords.verifyPassword(realHash, 'a guess')));
      const typicalWrong = [...wrong].sort((a, b) => a - b)[2]!;
      ratios.push(firstUnknown / typicalWrong);
      if (firstUnknown < typicalWrong * 1.6) break;
    }

    expect(Math.min(...ratios)).toBeLessThan(1.6);
  });

  test('when an unknown e-mail or a wrong password is verified, then both answer false', async () => {
    const passwords = freshPasswords();
    const realHash = await passwords.hashPassword('the real password');
    expect(await passwords.verifyPassword(null, 'the real password')).toBe(false);
    expect(await passwords.verifyPassword(realHash, 'a guess')).toBe(false);
    expect(await passwords.verifyPassword(realHash, 'the real password')).toBe(true);
  });
});
