import { createLinger } from '../src/linger';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a linger for calls that are cheaper together', () => {
  test('when calls come steadily, then they wait and go on together; a lone call goes on at once', async () => {
    const linger = createLinger(60);
    const wentOn: string[] = [];
    const call = (name: string) => linger().then(() => wentOn.push(name));

    // Nothing came before it: it goes on at once.
    await call('lone');
    expect(wentOn).toEqual(['lone']);

    // The next comes within 60 ms of it: it waits, and those coming meanwhile go on with it.
    const started = performance.now();
    const steady = [call('a')];
    await pause(5);
    steady.push(call('b'));
    await pause(5);
    steady.push(call('c'));
    expect(wentOn).toEqual(['lone']);
    await Promise.all(steady);
    expect(wentOn).toEqual(['lone', 'a', 'b', 'c']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);

    // After a quiet spell longer than the linger, a call goes on at once again.
    await pause(100);
    await call('after a pause');
    expect(wentOn.at(-1)).toBe('after a pause');
  });

  test('when the linger is 0, then no call ever waits for a timer', async () => {
    const linger = createLinger(0);
    const order: string[] = [];
    const timer = pause(0).then(() => order.push('timer'));
    await Promise.all([linger().then(() => order.push('first')), linger().then(() => order.push('second'))]);
    await timer;
    expect(order).toEqual(['first', 'second', 'timer']);
  });
});
