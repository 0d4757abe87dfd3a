import { STORAGE_KEYS, type Idea, type IdeaComment, type User } from '@quad/contracts';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch, type RouteHandler } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

export const viewer = makeUser({ id: 'u1', firstName: 'Ada', lastName: 'Lovelace' });

export function makeIdea(overrides: Partial<Idea> = {}): Idea {
  return {
    id: 'i1',
    title: 'Campus rideshare',
    description: 'Split rides to the airport with students flying the same day.',
    category: 'Transportation',
    stage: 'MVP',
    skillsNeeded: ['Mobile Development', 'Sales'],
    authorId: 'u2',
    authorName: 'Grace Hopper',
    authorCollege: 'Stanford University',
    authorProfileColor: '#10B981',
    createdAt: '2025-01-10T10:00:00.000Z',
    commentsCount: 2,
    interestedCount: 1,
    isInterested: false,
    canDelete: false,
    ...overrides,
  };
}

export const ownIdea = (overrides: Partial<Idea> = {}) =>
  makeIdea({ id: 'mine', title: 'Dorm compost pickup', authorId: viewer.id, authorName: 'Ada Lovelace', canDelete: true, ...overrides });

export function makeIdeaComment(overrides: Partial<IdeaComment> = {}): IdeaComment {
  return {
    id: 'c1',
    ideaId: 'i1',
    content: 'I would use this every break.',
    authorId: 'u3',
    authorName: 'Alan Turing',
    authorCollege: 'MIT',
    authorProfileColor: '#8B5CF6',
    createdAt: '2025-01-10T11:00:00.000Z',
    canDelete: false,
    ...overrides,
  };
}

export const stats = { totalIdeas: 12, launchReady: 3, seekingCollaborators: 7 };

/** The app at `route` for a signed-in student on a desktop, the ideas API answering from fixtures. */
export function renderIdeas(route: string, { user = viewer, routes = {} }: { user?: User; routes?: Record<string, RouteHandler | Response> } = {}) {
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  const network = stubFetch({
    'GET /api/auth/user': jsonResponse(200, user),
    'GET /api/ideas/stats': jsonResponse(200, stats),
    'GET /api/ideas': jsonResponse(200, [makeIdea(), ownIdea()]),
    ...routes,
  });
  return { ...renderApp(route), network };
}
