import { PRODUCT_NAME } from '@quad/contracts';
import { type Logger, type SmtpConfig, createMailSender } from '@quad/common';

/**
 * What commerce tells a student by e-mail. Each resolves once the SMTP server took the message and
 * rejects when it did not (the job that calls it retries). `messageId` names what the e-mail is
 * about, the same on every try, so a mail client shows a message sent twice once.
 */
export interface Mailer {
  paymentApproved(to: string, firstName: string, expiresAt: Date, messageId: string): Promise<void>;
  paymentRejected(to: string, firstName: string, expiresAt: Date | null, messageId: string): Promise<void>;
  close(): void;
}

const dateText = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Sends through the shared SMTP sender. A mail server that is down never fails the admin's
 * decision: the e-mail is sent by a job after it (domain/payment-mail.ts), which retries on the
 * error this throws.
 */
export function createMailer(config: SmtpConfig, logger: Logger): Mailer {
  const sender = createMailSender(config, logger);
  async function send(to: string, subject: string, text: string, messageId: string): Promise<void> {
    if (!(await sender.send(to, subject, text, { messageId }))) throw new Error('e-mail not sent yet');
  }

  return {
    paymentApproved(to, firstName, expiresAt, messageId) {
      return send(
        to,
        `Your ${PRODUCT_NAME} subscription is active`,
        [
          `Hi ${firstName || 'there'},`,
          '',
          `Your $10 payment has been verified and your ${PRODUCT_NAME} subscription is active.`,
          `It is valid until ${dateText(expiresAt)}.`,
          '',
          `Enjoy your college community!`,
          `The ${PRODUCT_NAME} team`,
        ].join('\n'),
        messageId,
      );
    },
    paymentRejected(to, firstName, expiresAt, messageId) {
      const current = expiresAt && expiresAt > new Date()
        ? `Your current subscription stays valid until ${dateText(expiresAt)}.`
        : 'You have no active subscription at the moment.';
      return send(
        to,
        `Your ${PRODUCT_NAME} payment could not be confirmed`,
        [
          `Hi ${firstName || 'there'},`,
          '',
          'We could not find your Venmo payment, so your payment request was rejected.',
          current,
          `If you did send the money, reply to this e-mail or submit a new request in ${PRODUCT_NAME}.`,
          '',
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
