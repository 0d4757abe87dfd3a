import { createInFlight } from '../src/in-flight';

describe('in-flight work a stop waits for', () => {
  test('when nothing is running, then settled resolves at once', async () => {
    await expect(createInFlight().settled()).resolves.toBeUndefined();
  });

  test('when work is running, then settled waits until the last of it has settled, failures included', async () => {
    const inFlight = createInFlight();
    let finishFirst!: () => void;
    let failSecond!: (err: Error) => void;
    const first = inFlight.track(new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = inFlight.track(new Promise<void>((_resolve, reject) => (failSecond = reject)));
    second.catch(() => undefined);
    expect(inFlight.size).toBe(2);
    let settled = false;
    const waiting = inFlight.settled().then(() => (settled = true));
    finishFirst();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    failSecond(new Error('no'));
    await waiting;
    expect(settled).toBe(true);
    expect(inFlight.size).toBe(0);
  });

  test('when work is tracked, then the caller gets the same promise and its value', async () => {
    const inFlight = createInFlight();
    await expect(inFlight.track(Promise.resolve(42))).resolves.toBe(42);
  });
});
