import type * as Nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Logger } from './logger';

/** The SMTP settings of every service that sends e-mail (maildev locally, mailpit in Docker, a relay in production). */
export const smtpConfigSchema = z.object({
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().positive().default(1025),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Quad <no-reply@quad.app>'),
});
export type SmtpConfig = z.infer<typeof smtpConfigSchema>;

export interface MailSender {
  /**
   * Sends a plain-text e-mail; false (and an error logged for an operator) when the server refused
   * or was down. `messageId` (the same on every try of one e-mail) lets mail clients show a message
   * sent twice once.
   */
  send(to: string, subject: string, text: string, options?: { messageId?: string }): Promise<boolean>;
  close(): void;
}

/**
 * The one SMTP sender (nodemailer). A mail server that is down never fails the write that asked
 * for the e-mail, which is already stored: the failure is logged, without the address or the body.
 */
export function createMailSender(config: SmtpConfig, logger: Logger): MailSender {
  // nodemailer loads with the first e-mail, not with every process that may send one (~2 MB of an
  // idle heap).
  let transport: Nodemailer.Transporter | undefined;
  const transportNow = () =>
    (transport ??= (require('nodemailer') as typeof Nodemailer).createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_PORT === 465,
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
    }));
  return {
    async send(to, subject, text, options = {}) {
      try {
        const messageId = options.messageId ? `<${options.messageId}@quad.app>` : undefined;
        await transportNow().sendMail({ from: config.MAIL_FROM, to, subject, text, messageId });
        return true;
      } catch (err) {
        logger.error({ err: (err as Error).message, subject }, 'e-mail not sent');
        return false;
      }
    },
    close() {
      transport?.close();
    },
  };
}
