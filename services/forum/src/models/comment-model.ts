import mongoose, { type Connection, type Model, type Types } from 'mongoose';

export interface CommentDoc {
  _id: Types.ObjectId;
  content: string;
  postId: Types.ObjectId;
  isAnonymous: boolean;
  authorId: string;
  /** Copied from the post so college checks and events need no second read. */
  collegeId: string | null;
  /** Bumped by every write (the repository's). */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const commentSchema = new mongoose.Schema<CommentDoc>(
  {
    content: { type: String, required: true },
    postId: { type: mongoose.Schema.Types.ObjectId, required: true },
    isAnonymous: { type: Boolean, default: false },
    authorId: { type: String, required: true },
    collegeId: { type: String, default: null },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'comments' },
);
commentSchema.index({ postId: 1, createdAt: 1 });
commentSchema.index({ authorId: 1, createdAt: -1 });

export type CommentModel = Model<CommentDoc>;

export function commentModel(db: Connection): CommentModel {
  return (db.models.Comment as CommentModel) ?? db.model<CommentDoc>('Comment', commentSchema);
}
