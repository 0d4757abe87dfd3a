import { defineModel, required } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * A signed-out token: its id (`jti`) and when it would have expired anyway. The store of record of
 * the deny-list that every service reads from Redis (`jwt:deny:<jti>`): written before the Redis
 * key, and written back into Redis from here whenever Redis lost it (domain/sessions.ts). One
 * document per token, written once, so replicas never update one document at once.
 */
export interface RevokedTokenRecord {
  _id: string;
  userId: string;
  expiresAt: Date;
  revokedAt: Date;
}

export const revokedTokenModel = defineModel<RevokedTokenRecord>({
  name: 'RevokedToken',
  collection: 'revoked_tokens',
  fields: {
    _id: required(String),
    userId: required(String),
    expiresAt: required(Date),
    revokedAt: required(Date),
  },
});

export type RevokedTokenModel = Model<RevokedTokenRecord>;
