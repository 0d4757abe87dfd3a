import { defineModel, required } from '@quad/common';

/** `<user id>:<YYYY-MM-DD>`: claimed before a day's digest is sent, so replicas send it once. */
export interface DigestDoc {
  _id: string;
  userId: string;
  claimedAt: Date;
}

export const digestModel = defineModel<DigestDoc>({
  name: 'Digest',
  collection: 'digests',
  fields: {
    _id: required(String),
    userId: required(String),
    claimedAt: required(Date),
  },
});
