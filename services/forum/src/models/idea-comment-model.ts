import mongoose, { type Connection, type Model, type Types } from 'mongoose';

/** A comment on an idea: its own document, so an idea's comment count is the size of its comment list. */
export interface IdeaCommentDoc {
  _id: Types.ObjectId;
  ideaId: string;
  content: string;
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const ideaCommentSchema = new mongoose.Schema<IdeaCommentDoc>(
  {
    ideaId: { type: String, required: true },
    content: { type: String, required: true },
    authorId: { type: String, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'idea_comments' },
);

export type IdeaCommentModel = Model<IdeaCommentDoc>;

export function ideaCommentModel(db: Connection): IdeaCommentModel {
  return (db.models.IdeaComment as IdeaCommentModel) ?? db.model<IdeaCommentDoc>('IdeaComment', ideaCommentSchema);
}
