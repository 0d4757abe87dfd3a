import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

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

export const contentAuthorModel = defineModel<ContentAuthorDoc>({
  name: 'ContentAuthor',
  collection: 'content_authors',
  fields: {
    _id: required(String),
    version: versionField(),
    authorId: required(String),
    collegeId: nullable(String),
    removed: withDefault(Boolean, false),
  },
});

export type ContentAuthorModel = Model<ContentAuthorDoc>;

export const contentKey = (type: 'post' | 'comment', contentId: string) => `${type}:${contentId}`;
