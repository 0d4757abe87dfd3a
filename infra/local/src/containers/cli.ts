/**
 * `npm run containers` and `npm run test:containers`: Quad in real containers on this machine.
 *   containers up      set up podman, make or pull the bases, build the seven images, start the compose
 *                      stack (two chat replicas), wait for /readyz, seed the demo data, print the figures
 *                      and the URL
 *   containers build   only the images (CI builds one with `build gateway`)
 *   containers down    stop the stack (QUAD_CONTAINERS_VOLUMES=drop also drops its data and local keys)
 *   containers smoke   the container smoke test against the running stack (npm run test:containers runs up, smoke)
 *   containers kube    the Kubernetes local overlay through `podman kube play`, as far as podman allows (kube.ts)
 */
import { QUAD_IMAGES, type QuadImage, buildQuadImage, prepareBaseImages } from './images';
import { setUpPodman } from './podman';
import { composeDown, composeUp, measureFigures, printFigures, seedDemoData, waitGatewayReady, GATEWAY_URL } from './stack';
import { runSmokeTest } from './smoke';
import { KUBE_GATEWAY_PORT, kubeDown, kubePlay } from './kube';

const started = Date.now();
const log = (line: string) => console.log(`[containers ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);

async function buildImages(only: QuadImage[]) {
  setUpPodman(log);
  const plan = await prepareBaseImages(log);
  for (const name of only) {
    const begun = Date.now();
    await buildQuadImage(name, plan, log);
    log(`built quad/${name}:local in ${((Date.now() - begun) / 1000).toFixed(0)} s`);
  }
  return plan;
}

async function up() {
  const plan = await buildImages([...QUAD_IMAGES]);
  await composeUp(plan, log);
  await waitGatewayReady(log, 180_000);
  if (process.env.QUAD_SEED !== '0') await seedDemoData(log);
  const figures = await measureFigures(log);
  printFigures(figures);
  return { plan, figures };
}

async function main() {
  const [command = 'up', ...rest] = process.argv.slice(2);
  switch (command) {
    case 'up': {
      await up();
      console.log(`\n\x1b[1;32mQuad is running in containers at ${GATEWAY_URL}\x1b[0m  (mail: http://localhost:8025; stop: npm run containers -- down)\n`);
      break;
    }
    case 'build': {
      const only = rest.length > 0 ? (rest as QuadImage[]) : [...QUAD_IMAGES];
      const unknown = only.filter((name) => !QUAD_IMAGES.includes(name));
      if (unknown.length > 0) throw new Error(`unknown image(s): ${unknown.join(', ')}; one of ${QUAD_IMAGES.join(', ')}`);
      await buildImages(only);
      break;
    }
    case 'kube': {
      if (rest[0] === 'down') {
        kubeDown();
        break;
      }
      const plan = await buildImages([...QUAD_IMAGES]);
      kubePlay(plan, log);
      const url = `http://127.0.0.1:${KUBE_GATEWAY_PORT}`;
      const deadline = Date.now() + 180_000;
      for (;;) {
        const answer = await fetch(`${url}/api/colleges`).then((res) => res.status, () => 0);
        if (answer === 200) break;
        if (Date.now() > deadline) throw new Error(`the gateway of the played pod did not answer ${url}/api/colleges within 180 s (last: ${answer})`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      // A student registers and reads their account through the played gateway: auth, its store,
      // Redis (sign-in checks restored, with the Secret's password) and the gateway's routing.
      const colleges = (await (await fetch(`${url}/api/colleges`)).json()) as Array<{ id: string }>;
      const email = `kube.${Date.now()}@mit.edu`;
      let checked = '';
      for (;;) {
        const registered = await fetch(`${url}/api/register`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: 'kube-smoke-2026', firstName: 'Kube', lastName: 'Smoke', college: colleges[0]!.id }),
        });
        const body = (await registered.json().catch(() => ({}))) as { authToken?: string; message?: string };
        if (registered.status === 201 && body.authToken) {
          // Read back until it answers: right after start the sign-in checks may still be being
          // restored (503), and registering again would only meet the account just made (409).
          let me = await fetch(`${url}/api/auth/user`, { headers: { Authorization: `Bearer ${body.authToken}` } });
          while (!me.ok && Date.now() <= deadline) {
            await new Promise((resolve) => setTimeout(resolve, 2000));
            me = await fetch(`${url}/api/auth/user`, { headers: { Authorization: `Bearer ${body.authToken}` } });
          }
          checked = `${email} registered (201) and read back (${me.status})`;
          if (!me.ok) throw new Error(`the played pod's gateway registered ${email} but does not read the account back: ${me.status}`);
          break;
        } else {
          checked = `register answered ${registered.status}: ${body.message ?? ''}`;
        }
        if (Date.now() > deadline) throw new Error(`the played pod's gateway answers /api/colleges but not a sign-up: ${checked}`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      log(checked);
      console.log(`\nThe Kubernetes local overlay runs in the pod quad-kube; its gateway answers at ${url} (stop: npm run containers -- kube down)\n`);
      break;
    }
    case 'down':
      composeDown(log, process.env.QUAD_CONTAINERS_VOLUMES === 'drop');
      break;
    case 'test': {
      const { figures } = await up();
      const result = await runSmokeTest(log);
      printFigures(figures);
      result.print();
      if (process.env.QUAD_CONTAINERS_KEEP !== '1') composeDown(log, true);
      if (!result.passed) process.exitCode = 1;
      break;
    }
    case 'smoke': {
      const result = await runSmokeTest(log);
      result.print();
      if (!result.passed) process.exitCode = 1;
      break;
    }
    default:
      throw new Error(`unknown command ${command}: up, build [service…], down, test, smoke or kube [down]`);
  }
}

main().catch((err: unknown) => {
  console.error(`\x1b[31m${err instanceof Error ? err.message : String(err)}\x1b[0m`);
  process.exit(1);
});
