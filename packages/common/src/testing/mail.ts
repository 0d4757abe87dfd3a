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

/**
 * The tokens of the e-mail-confirmation links sent to `address` (from the SMTP catcher), oldest
 * first, once there are at least `atLeast` of them.
 */
export async function confirmationTokensFor(address: string, atLeast = 1): Promise<string[]> {
  const port = process.env.SMTP_WEB_PORT;
  if (!port) throw new Error('SMTP_WEB_PORT is not set: run tests through the jest global setup');
  return waitFor(async () => {
    const mails = (await (await fetch(`http://127.0.0.1:${port}/email`)).json()) as CaughtMail[];
    const tokens = mails
      .filter((mail) => mail.to.some((to) => to.address === address) && /^Confirm your .* e-mail address$/.test(mail.subject))
      .map((mail) => /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter((token): token is string => Boolean(token));
    return tokens.length >= atLeast ? tokens : undefined;
  });
}

/** The token of the newest confirmation link sent to `address`. */
export async function confirmationTokenFor(address: string): Promise<string> {
  return (await confirmationTokensFor(address)).at(-1)!;
}
