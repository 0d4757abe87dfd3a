import { type ServiceContextTools, defineServiceContext, directoryModel } from '@quad/common';
import type { Config } from '../config';
import { notificationModels } from '../models';
import { createNotificationMailer } from './mailer';

/**
 * What notifications' domain code works with (common's service context): its models, the user
 * directory (names, e-mail addresses, colleges), the outbox its pushes go through, the mailer, and
 * the clock (a test replaces it to send tomorrow's digest).
 */
export const notificationsContext = defineServiceContext(
  notificationModels,
  (models, { repository, runtime }: ServiceContextTools<Config>) => ({
    /** Who blocks whom (social's blocks, one fact per pair). */
    blocks: repository(models.Block, 'blocks'),
    /** The directory's stored copy, for looking students up by name (mentions). */
    people: directoryModel(runtime.db),
    outbox: runtime.outbox,
    mailer: createNotificationMailer(runtime.config, runtime.logger),
    now: (): Date => new Date(),
  }),
);
export type NotificationsContext = ReturnType<typeof notificationsContext>;
