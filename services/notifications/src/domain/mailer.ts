import { PRODUCT_NAME } from '@quad/contracts';
import { type Logger, type SmtpConfig, createMailSender } from '@quad/common';

export interface DigestLine {
  text: string;
  link: string;
}

/**
 * What notifications e-mails: one outcome at once, or a day's digest. Each resolves once the SMTP
 * server took the message and rejects when it did not (the caller retries). `messageId` is the same
 * on every try, so a mail client shows a message sent twice once.
 */
export interface NotificationMailer {
  single(to: string, firstName: string, subject: string, text: string, link: string, messageId: string): Promise<void>;
  digest(to: string, firstName: string, lines: DigestLine[], messageId: string): Promise<void>;
  close(): void;
}

export function createNotificationMailer(config: SmtpConfig & { PUBLIC_URL: string }, logger: Logger): NotificationMailer {
  const sender = createMailSender(config, logger);
  const url = (link: string) => new URL(link, config.PUBLIC_URL).toString();
  const settings = url('/subscription-settings');
  async function send(to: string, subject: string, body: string, messageId: string): Promise<void> {
    if (!(await sender.send(to, subject, body, { messageId }))) throw new Error('e-mail not sent yet');
  }
  return {
    single(to, firstName, subject, text, link, messageId) {
      return send(
        to,
        subject,
        [
          `Hi ${firstName || 'there'},`,
          '',
          text,
          '',
          `Open ${PRODUCT_NAME}: ${url(link)}`,
          '',
          `You can choose which e-mails ${PRODUCT_NAME} sends you in your settings: ${settings}`,
          `The ${PRODUCT_NAME} team`,
        ].join('\n'),
        messageId,
      );
    },
    digest(to, firstName, lines, messageId) {
      return send(
        to,
        `Your ${PRODUCT_NAME} day: ${lines.length} new notification${lines.length === 1 ? '' : 's'}`,
        [
          `Hi ${firstName || 'there'},`,
          '',
          `Here is what happened on ${PRODUCT_NAME} since your last digest:`,
          '',
          ...lines.map((line) => `- ${line.text}\n  ${url(line.link)}`),
          '',
          `You get this digest because you turned on e-mail for these notifications: ${settings}`,
          `The ${PRODUCT_NAME} team`,
        ].join('\n'),
        messageId,
      );
    },
    close() {
      sender.close();
    },
  };
}
