import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema, smtpConfigSchema } from '@quad/common';
import { z } from 'zod';

/** Approval and rejection e-mails go out through smtpConfigSchema's server (maildev locally, mailpit in Docker). */
export const configSchema = baseConfigSchema.extend(portSchema(SERVICE_PORTS.commerce).shape).extend(smtpConfigSchema.shape).extend({
  /**
   * `mock`: POST /api/create-subscription activates a year at once (demos, tests). `manual` (the
   * default): payments go through Venmo and an admin's approval, and create-subscription answers
   * that real card payments need Stripe.
   */
  PAYMENT_MODE: z.enum(['manual', 'mock']).default('manual'),
});
export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(configSchema, env);
}
