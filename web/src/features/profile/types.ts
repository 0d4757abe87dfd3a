// Shapes of the forum's profile activity endpoints (spec section 3). They live here rather than
// in @quad/contracts until the forum service publishes its own schemas for them.
export interface ProfilePost {
  id: string;
  title: string;
  content: string;
  topic: string | null;
  createdAt: string;
}

export interface ProfileComment {
  id: string;
  content: string;
  postTitle: string | null;
  createdAt: string;
}
