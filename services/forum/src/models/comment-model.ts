import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import mongoose, { type Model, type Types } from 'mongoose';

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

export const commentModel = defineModel<CommentDoc>({
  name: 'Comment',
  collection: 'comments',
  timestamps: true,
  fields: {
    content: required(String),
    postId: required(mongoose.Schema.Types.ObjectId),
    isAnonymous: withDefault(Boolean, false),
    authorId: required(String),
    collegeId: nullable(String),
    version: versionField(),
  },
  indexes: [
    { postId: 1, createdAt: 1 },
    { authorId: 1, createdAt: -1 },
  ],
});

export type CommentModel = Model<CommentDoc>;
