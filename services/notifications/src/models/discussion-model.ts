import { defineModel, nullable, required, withDefault } from '@quad/common';

/**
 * Notifications' own copy of what it needs of forum: each post's author and title (from
 * forum.post.created/updated), and who has commented on it (from forum.comment.created), so a new
 * comment notifies the post's author and the discussion's earlier participants.
 */
export interface PostCopyDoc {
  _id: string;
  authorId: string;
  collegeId: string | null;
  title: string;
}

/** `<post id>:<user id>`: `sequence` is the FORUM stream position of their first comment there. */
export interface ParticipantDoc {
  _id: string;
  postId: string;
  userId: string;
  sequence: number;
}

export const postCopyModel = defineModel<PostCopyDoc>({
  name: 'PostCopy',
  collection: 'posts',
  fields: {
    _id: required(String),
    authorId: required(String),
    collegeId: nullable(String),
    title: withDefault(String, ''),
  },
});

export const participantModel = defineModel<ParticipantDoc>({
  name: 'Participant',
  collection: 'participants',
  fields: {
    _id: required(String),
    postId: required(String),
    userId: required(String),
    sequence: required(Number),
  },
  indexes: [{ postId: 1, sequence: 1 }],
});
