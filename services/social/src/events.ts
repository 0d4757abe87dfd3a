import { type ServiceRuntime, runUserDirectory } from '@quad/common';

/** What social consumes: the shared user directory. */
export function startEventConsumers(runtime: ServiceRuntime): Promise<void> {
  return runUserDirectory(runtime);
}
