import type { IdeaCategory, IdeaSkill, IdeaStage } from '@quad/contracts';
import { IDEA_CATEGORIES, IDEA_SKILLS, IDEA_STAGES } from '@quad/contracts';
import { defineModel, required, versionField, withDefault } from '@quad/common';
import type { Model, Types } from 'mongoose';

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

export const ideaModel = defineModel<IdeaDoc>({
  name: 'Idea',
  collection: 'ideas',
  timestamps: true,
  fields: {
    title: required(String),
    description: required(String),
    category: required(String, { enum: IDEA_CATEGORIES }),
    stage: required(String, { enum: IDEA_STAGES }),
    skillsNeeded: withDefault([{ type: String, enum: IDEA_SKILLS }], []),
    authorId: required(String),
    version: versionField(),
  },
});

export type IdeaModel = Model<IdeaDoc>;
