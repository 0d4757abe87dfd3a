import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model, Types } from 'mongoose';

/**
 * A post. It has one kind of writer, its repository (author and admin edits, deletes): the view
 * and comment counts are not stored here but derived from the post's view and comment lists
 * (domain/lists.ts), because FerretDB loses concurrent updates of one document.
 */
export interface PostDoc {
  _id: Types.ObjectId;
  title: string;
  content: string;
  /** `/media/posts/<uuid>.webp`, served by the gateway from object storage. */
  imageUrl: string | null;
  isAnonymous: boolean;
  /** Never sent to other students when `isAnonymous` (see domain/present.ts). */
  authorId: string;
  /** The author's college when posting: the board it belongs to. */
  collegeId: string | null;
  topicId: number;
  /** Bumped by every write (the repository's); its cache orders versions by it, never by a clock. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const postModel = defineModel<PostDoc>({
  name: 'Post',
  collection: 'posts',
  timestamps: true,
  fields: {
    title: required(String),
    content: required(String),
    imageUrl: nullable(String),
    isAnonymous: withDefault(Boolean, false),
    authorId: required(String),
    collegeId: nullable(String),
    topicId: required(Number),
    version: versionField(),
  },
  indexes: [
    // The feed: one college's board, newest first, with _id breaking ties for the cursor.
    { collegeId: 1, topicId: 1, createdAt: -1, _id: -1 },
    // The mobile 'All Topics' feed of one college.
    { collegeId: 1, createdAt: -1, _id: -1 },
    // Profile lists and stats.
    { authorId: 1, createdAt: -1 },
  ],
});

export type PostModel = Model<PostDoc>;
