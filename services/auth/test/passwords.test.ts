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
    const passwords = freshPasswords();
    await passwords.passwordsReady; // as the service's start waits for it
    const realHash = await freshPasswords().hashPassword('the real password');

    const firstUnknown = await millisecondsOf(() => passwords.verifyPassword(null, 'a guess'));
    const wrong: number[] = [];
    for (let n = 0; n < 5; n += 1) wrong.push(await millisecondsOf(() => passwords.verifyPassword(realHash, 'a guess')));
    const typicalWrong = [...wrong].sort((a, b) => a - b)[2]!;

    // Making the stand-in hash at the first unknown e-mail doubled that answer's time.
    expect(firstUnknown).toBeLessThan(typicalWrong * 1.6);
  });

  test('when an unknown e-mail or a wrong password is verified, then both answer false', async () => {
    const passwords = freshPasswords();
    const realHash = await passwords.hashPassword('the real password');
    expect(await passwords.verifyPassword(null, 'the real password')).toBe(false);
    expect(await passwords.verifyPassword(realHash, 'a guess')).toBe(false);
    expect(await passwords.verifyPassword(realHash, 'the real password')).toBe(true);
  });
});
