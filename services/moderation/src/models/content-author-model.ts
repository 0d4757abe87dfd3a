import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * Who wrote each post and comment, learnt from forum.post.created / forum.comment.created
 * (_id `<type>:<contentId>`, set semantics: a redelivered event writes the same fact again).
 * Lets moderation name the author of reported anonymous content without asking forum.
 */
export interface ContentAuthorDoc {
  _id: string;
  /** Bumped by every write (the repository's cache version). */
  version: number;
  authorId: string;
  collegeId: string | null;
  /** Forum deleted it (forum.post.deleted / forum.comment.deleted): no longer reportable, still revealable. */
  removed?: boolean;
}

const contentAuthorSchema = new mongoose.Schema<ContentAuthorDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    authorId: { type: String, required: true },
    collegeId: { type: String, default: null },
    removed: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'content_authors' },
);

export type ContentAuthorModel = Model<ContentAuthorDoc>;

export const contentKey = (type: 'post' | 'comment', contentId: string) => `${type}:${contentId}`;

export function contentAuthorModel(db: Connection): ContentAuthorModel {
  return (db.models.ContentAuthor as ContentAuthorModel) ?? db.model<ContentAuthorDoc>('ContentAuthor', contentAuthorSchema);
}
