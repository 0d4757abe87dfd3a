import { type ServiceRuntime, runUserDirectory } from '@quad/common';

/** What commerce consumes: the shared user directory. */
export function startEventConsumers(runtime: ServiceRuntime): Promise<void> {
  return runUserDirectory(runtime);
}
