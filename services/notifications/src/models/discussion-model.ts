import mongoose, { type Connection, type Model } from 'mongoose';

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

const postCopySchema = new mongoose.Schema<PostCopyDoc>(
  {
    _id: { type: String, required: true },
    authorId: { type: String, required: true },
    collegeId: { type: String, default: null },
    title: { type: String, default: '' },
  },
  { versionKey: false, collection: 'posts' },
);

const participantSchema = new mongoose.Schema<ParticipantDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    userId: { type: String, required: true },
    sequence: { type: Number, required: true },
  },
  { versionKey: false, collection: 'participants' },
);
participantSchema.index({ postId: 1, sequence: 1 });

export function postCopyModel(db: Connection): Model<PostCopyDoc> {
  return (db.models.PostCopy as Model<PostCopyDoc>) ?? db.model<PostCopyDoc>('PostCopy', postCopySchema);
}

export function participantModel(db: Connection): Model<ParticipantDoc> {
  return (db.models.Participant as Model<ParticipantDoc>) ?? db.model<ParticipantDoc>('Participant', participantSchema);
}
