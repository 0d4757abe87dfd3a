import { NEXT_CURSOR_HEADER, STORAGE_KEYS, type Comment, type Post, type Topic, type User } from '@quad/contracts';
import { screen } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch, type RouteHandler } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

export const viewer = makeUser({ id: 'u1', firstName: 'Ada', lastName: 'Lovelace' });

export const topics: Topic[] = [
  { id: 1, name: 'General', icon: '💬', color: '#3B82F6', postCount: 2 },
  { id: 2, name: 'Academics', icon: '📚', color: '#8B5CF6', postCount: 0 },
];

const author = (firstName: string, lastName: string) => ({ firstName, lastName, profileColor: '#10B981', profileImageUrl: null });

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    title: 'Study group for finals',
    content: 'Anyone up for a study group?\nLibrary, 6pm.',
    imageUrl: null,
    isAnonymous: false,
    authorId: 'u2',
    author: author('Grace', 'Hopper'),
    topicId: 1,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    viewCount: 4,
    commentCount: 0,
    canEdit: false,
    authorBlocked: false,
    ...overrides,
  };
}

/** A post the viewer wrote. */
export const ownPost = (overrides: Partial<Post> = {}) =>
  makePost({ id: 'own', title: 'My own post', authorId: viewer.id, author: author(viewer.firstName, viewer.lastName), canEdit: true, ...overrides });

/** Someone else's anonymous post, as the server sends it to other students: no author at all. */
export const anonymousPost = (overrides: Partial<Post> = {}) =>
  makePost({ id: 'anon', title: 'Honest question about grading', isAnonymous: true, authorId: null, author: null, ...overrides });

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c1',
    content: 'Count me in!',
    postId: 'p1',
    isAnonymous: false,
    authorId: 'u2',
    author: author('Grace', 'Hopper'),
    createdAt: '2025-01-10T11:00:00.000Z',
    updatedAt: '2025-01-10T11:00:00.000Z',
    canEdit: false,
    authorBlocked: false,
    ...overrides,
  };
}

/** A GET /api/posts page; `nextCursor` goes in the X-Next-Cursor header like the forum service does. */
export function postsPage(posts: Post[], nextCursor?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (nextCursor) headers[NEXT_CURSOR_HEADER] = nextCursor;
  return new Response(JSON.stringify(posts), { status: 200, headers });
}

export interface HomeOptions {
  user?: User;
  posts?: Post[];
  totalPosts?: number;
  routes?: Record<string, RouteHandler | Response>;
}

/** The signed-in home screen on a desktop, with the forum answering from fixtures. */
export function renderHome({ user = viewer, posts = [makePost()], totalPosts = 3, routes = {} }: HomeOptions = {}) {
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  const network = stubFetch({
    'GET /api/auth/user': jsonResponse(200, user),
    'GET /api/topics': jsonResponse(200, topics),
    'GET /api/posts': postsPage(posts),
    'GET /api/user/stats': jsonResponse(200, { totalPosts }),
    'POST /api/posts/p1/view': jsonResponse(200, { viewCount: 5 }),
    ...routes,
  });
  return { ...renderApp('/'), network };
}

/** The feed's first card with this title. */
export async function findPostCard(title: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: title });
}
