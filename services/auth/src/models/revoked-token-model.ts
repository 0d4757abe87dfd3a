import mongoose, { type Connection, type Model } from 'mongoose';

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

const revokedTokenSchema = new mongoose.Schema<RevokedTokenRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'revoked_tokens' },
);

export type RevokedTokenModel = Model<RevokedTokenRecord>;

export function revokedTokenModel(db: Connection): RevokedTokenModel {
  return (db.models.RevokedToken as RevokedTokenModel) ?? db.model<RevokedTokenRecord>('RevokedToken', revokedTokenSchema);
}
