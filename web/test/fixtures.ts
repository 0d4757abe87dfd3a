import type { User } from '@quad/contracts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@college.edu',
    college: 'State University',
    collegeId: 'c1',
    collegeInitials: 'SU',
    profileImageUrl: null,
    profileColor: '#3B82F6',
    isAdmin: false,
    isAnonymousAdmin: false,
    isVerified: true,
    emailConfirmed: true,
    tutorialCompleted: true,
    subscriptionExpiresAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
