import {
  type DirectoryModel,
  type Logger,
  type Outbox,
  type Repository,
  type ServiceRuntime,
  type UserDirectory,
  createRepository,
  directoryModel,
  perRuntime,
} from '@quad/common';
import type { BlockDoc } from '@quad/common';
import type { Config } from '../config';
import { type NotificationModels, notificationModels } from '../models';
import { type NotificationMailer, createNotificationMailer } from './mailer';

/**
 * What notifications' domain code works with: its models, the user directory (names, e-mail
 * addresses, colleges), the outbox its pushes go through, the mailer, and the clock (injected, so a
 * test can send tomorrow's digest).
 */
export interface NotificationsContext {
  models: NotificationModels;
  /** Who blocks whom (social's blocks, one fact per pair). */
  blocks: Repository<BlockDoc>;
  directory: UserDirectory;
  /** The directory's stored copy, for looking students up by name (mentions). */
  people: DirectoryModel;
  outbox: Outbox;
  mailer: NotificationMailer;
  config: Config;
  logger: Logger;
  now(): Date;
}

export const notificationsContext = perRuntime(
  (runtime: ServiceRuntime<Config>): NotificationsContext => {
    const models = notificationModels(runtime.db);
    return {
    models,
    blocks: createRepository<BlockDoc>(runtime, { model: models.Block, name: 'blocks' }),
    directory: runtime.directory,
    people: directoryModel(runtime.db),
    outbox: runtime.outbox,
    mailer: createNotificationMailer(runtime.config, runtime.logger),
    config: runtime.config,
    logger: runtime.logger,
    now: () => new Date(),
    };
  },
);
