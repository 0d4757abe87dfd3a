import { HttpError } from '../errors';
import type { Repository, Stored } from './repository';

/*
 * A fact an event states about something another service owns ("this post by that user exists",
 * "these two are friends"), kept as one document per fact so that counts are derived from facts
 * (a list of the live ones), never moved by `$inc`. Each fact remembers the stream sequence of the
 * event that last set it, and only a later event changes it: a repeated delivery, a concurrent
 * delivery to another replica, or a "created" arriving after its "deleted" changes nothing.
 */
export interface Fact extends Stored {
  _id: string;
  live: boolean;
  /** Stream sequence of the event that last set this fact. */
  sequence: number;
}

/** Sets a fact live or not as of event `sequence`, unless a later event already set it. */
export async function applyFact<T extends Fact>(
  repository: Repository<T>,
  id: string,
  fields: Omit<T, '_id' | 'version' | 'live' | 'sequence'>,
  live: boolean,
  sequence: number,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await repository.find(id);
    if (current) {
      await repository.update(id, (fact) =>
        fact.sequence >= sequence ? null : ({ live, sequence } as Partial<Omit<T, '_id' | 'version'>>),
      );
      return;
    }
    try {
      await repository.insert({ ...fields, _id: id, live, sequence } as never);
      return;
    } catch (err) {
      // Another replica stored it first: apply ours as an update on the next round.
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
}
