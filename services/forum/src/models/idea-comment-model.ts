import { defineModel, required, versionField } from '@quad/common';
import type { Model, Types } from 'mongoose';

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

export const ideaCommentModel = defineModel<IdeaCommentDoc>({
  name: 'IdeaComment',
  collection: 'idea_comments',
  timestamps: true,
  fields: {
    ideaId: required(String),
    content: required(String),
    authorId: required(String),
    version: versionField(),
  },
});

export type IdeaCommentModel = Model<IdeaCommentDoc>;
