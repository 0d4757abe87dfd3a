export { oneAtATime } from '@quad/common';

/** Queue key of a post document's updates (see oneAtATime in @quad/common). */
export const postKey = (postId: unknown) => `post:${String(postId)}`;
