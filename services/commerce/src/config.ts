import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema } from '@quad/common';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend(portSchema(SERVICE_PORTS.commerce).shape).extend({
  /** Where approval and rejection e-mails go out (maildev locally, mailpit in Docker). */
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().positive().default(1025),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Quad <no-reply@quad.app>'),
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
