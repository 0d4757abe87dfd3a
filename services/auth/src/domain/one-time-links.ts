import { HttpError, type Repository } from '@quad/common';

/** What a one-time link stores (an admin invitation, an e-mail confirmation): when it was used and when it runs out. */
interface OneTimeLink {
  _id: string;
  version: number;
  usedAt: Date | null;
  expiresAt: Date;
}

/**
 * Spends a one-time link under its repository's lock (of two at once, one wins): marked used, or
 * 410 with `messages.used` / `messages.expired` when it was spent already or has run out.
 */
export async function spendLink<T extends OneTimeLink>(
  links: Repository<T>,
  id: string,
  messages: { used: string; expired: string },
): Promise<void> {
  let refusal: string | null = null;
  await links.update(id, (current) => {
    if (current.usedAt) refusal = messages.used;
    else if (current.expiresAt.getTime() <= Date.now()) refusal = messages.expired;
    return refusal ? null : ({ usedAt: new Date() } as Partial<T>);
  });
  if (refusal) throw new HttpError(410, refusal);
}
