import { waitFor } from './helpers';

export interface CaughtMail {
  subject: string;
  text: string;
  to: Array<{ address: string }>;
}

/** Reads the e-mails sent to `address` back from the SMTP catcher's HTTP API (maildev's GET /email), waiting for one whose subject matches. */
export async function mailTo(address: string, subject: RegExp): Promise<CaughtMail> {
  const port = process.env.SMTP_WEB_PORT;
  if (!port) throw new Error('SMTP_WEB_PORT is not set: run tests through the jest global setup');
  return waitFor(async () => {
    const response = await fetch(`http://127.0.0.1:${port}/email`);
    const mails = (await response.json()) as CaughtMail[];
    return mails.find((mail) => mail.to.some((to) => to.address === address) && subject.test(mail.subject));
  });
}
