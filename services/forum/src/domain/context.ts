import {
  type Logger,
  type MediaStore,
  type Publisher,
  type ServiceRuntime,
  createMediaStore,
} from '@quad/common';
import type { Connection } from 'mongoose';
import type { Config } from '../config';
import { type ForumModels, forumModels } from '../models';

/** What forum domain code works with: its models, the event publisher and image storage. Never req/res. */
export interface ForumContext {
  db: Connection;
  models: ForumModels;
  publisher: Publisher;
  media: MediaStore;
  logger: Logger;
}

const contexts = new WeakMap<ServiceRuntime<Config>, ForumContext>();

/** One context per runtime, shared by the HTTP routes and the event consumers. */
export function forumContext(runtime: ServiceRuntime<Config>): ForumContext {
  let context = contexts.get(runtime);
  if (!context) {
    context = {
      db: runtime.db,
      models: forumModels(runtime.db),
      publisher: runtime.publisher,
      media: createMediaStore(runtime.config),
      logger: runtime.logger,
    };
    contexts.set(runtime, context);
  }
  return context;
}
