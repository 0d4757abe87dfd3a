import mongoose, { type Connection, type Model, type Types } from 'mongoose';

/**
 * One document per (post, viewer): the unique key makes a view count once, however often it is
 * sent. The key is also the _id (`<postId>:<viewerId>`) because FerretDB v1 (SQLite) pushes only a
 * lone `_id` equality down to an index; any other filter scans the whole collection.
 */
export interface PostViewDoc {
  _id: string;
  postId: Types.ObjectId;
  viewerId: string;
  viewedAt: Date;
  version: number;
}

const postViewSchema = new mongoose.Schema<PostViewDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: mongoose.Schema.Types.ObjectId, required: true },
    viewerId: { type: String, required: true },
    viewedAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'post_views' },
);
postViewSchema.index({ postId: 1, viewerId: 1 }, { unique: true });

export const postViewId = (postId: Types.ObjectId | string, viewerId: string) => `${postId}:${viewerId}`;

export type PostViewModel = Model<PostViewDoc>;

export function postViewModel(db: Connection): PostViewModel {
  return (db.models.PostView as PostViewModel) ?? db.model<PostViewDoc>('PostView', postViewSchema);
}
