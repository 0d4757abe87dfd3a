import type { IdeaCategory, IdeaSkill, IdeaStage } from '@quad/contracts';
import { IDEA_CATEGORIES, IDEA_SKILLS, IDEA_STAGES } from '@quad/contracts';
import mongoose, { type Connection, type Model, type Types } from 'mongoose';

/**
 * A startup idea. Ideas are seen across colleges, so no college is stored: the author's name and
 * college come from the user directory when shown. Counts (comments, interest) are never stored
 * here; they are the sizes of the idea's comment and interest lists (domain/idea-lists.ts).
 */
export interface IdeaDoc {
  _id: Types.ObjectId;
  title: string;
  description: string;
  category: IdeaCategory;
  stage: IdeaStage;
  skillsNeeded: IdeaSkill[];
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const ideaSchema = new mongoose.Schema<IdeaDoc>(
  {
    title: { type: String, required: true },
    description: { type: String, required: true },
    category: { type: String, required: true, enum: IDEA_CATEGORIES },
    stage: { type: String, required: true, enum: IDEA_STAGES },
    skillsNeeded: { type: [{ type: String, enum: IDEA_SKILLS }], default: [] },
    authorId: { type: String, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'ideas' },
);

export type IdeaModel = Model<IdeaDoc>;

export function ideaModel(db: Connection): IdeaModel {
  return (db.models.Idea as IdeaModel) ?? db.model<IdeaDoc>('Idea', ideaSchema);
}
