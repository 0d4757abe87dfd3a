import { type ServiceRuntime, startUserDirectory } from '@quad/common';

/** What social consumes: the shared user directory. */
export async function startEventConsumers(runtime: ServiceRuntime): Promise<void> {
  runtime.consumers.push(
    await startUserDirectory({ ...runtime, service: runtime.consumerPrefix }),
  );
}
