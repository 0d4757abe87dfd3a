import type { Logger, Publisher, Redis, ServiceRuntime } from '@quad/common';
import type { Connection } from 'mongoose';
import { type ModerationModels, moderationModels } from '../models';

/** What moderation's domain code works with. Never req/res. */
export interface ModerationContext {
  db: Connection;
  models: ModerationModels;
  redis: Redis;
  publisher: Publisher;
  logger: Logger;
  /** The time now: injected so tests move past a ban's end without sleeping. */
  now: () => Date;
}

export interface ModerationOptions {
  now?: () => Date;
}

const contexts = new WeakMap<ServiceRuntime, ModerationContext>();

/** One context per runtime, shared by the HTTP routes, the event consumers and start-up. */
export function moderationContext(runtime: ServiceRuntime, options: ModerationOptions = {}): ModerationContext {
  let context = contexts.get(runtime);
  if (!context) {
    context = {
      db: runtime.db,
      models: moderationModels(runtime.db),
      redis: runtime.redis,
      publisher: runtime.publisher,
      logger: runtime.logger,
      now: options.now ?? (() => new Date()),
    };
    contexts.set(runtime, context);
  } else if (options.now) {
    context.now = options.now;
  }
  return context;
}
