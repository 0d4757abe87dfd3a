/**
 * Redis key names of the forum's list indexes (see sorted-id-index.ts) and document cache
 * (doc-cache.ts), in one place. A list key names a sorted set of ids; `<key>:ready` and
 * `<key>:rebuilding` are its companions. `namespace` is the
 * forum database's name: an index mirrors one database, and test files (each with its own
 * database) share one Redis.
 */
export function indexKeys(namespace: string) {
  const base = `forum:${namespace}`;
  // Ids come from auth and Mongo; encoded so that no id can reach into another key's shape.
  const college = (collegeId: string) => `${base}:feed:c:${encodeURIComponent(collegeId)}`;
  const author = (userId: string) => `${base}:author:${encodeURIComponent(userId)}`;
  return {
    /** Every key of this namespace, for SCAN. */
    pattern: `${base}:*`,
    /** One college's board of one topic. */
    collegeTopic: (collegeId: string, topicId: number) => `${college(collegeId)}:t:${topicId}`,
    /** One college's 'All Topics' (mobile). */
    collegeAll: (collegeId: string) => `${college(collegeId)}:all`,
    /** One topic across colleges (admins). */
    anyTopic: (topicId: number) => `${base}:feed:any:t:${topicId}`,
    /** Every post (admins' 'All Topics'). */
    anyAll: () => `${base}:feed:any:all`,
    /** One user's posts (profile, stats). */
    authorPosts: (userId: string) => `${author(userId)}:posts`,
    /** One user's comments (profile). */
    authorComments: (userId: string) => `${author(userId)}:comments`,
    /** One post's comments. */
    postComments: (postId: string) => `${base}:post:${postId}:comments`,
    /** A cached post document. */
    postDoc: (postId: string) => `${base}:doc:post:${postId}`,
    /** A cached comment document. */
    commentDoc: (commentId: string) => `${base}:doc:comment:${commentId}`,
  };
}
export type IndexKeys = ReturnType<typeof indexKeys>;
