import { fullName } from '../../lib/initials';
import { theme } from '../../app/theme';

interface Authored {
  isAnonymous: boolean;
  authorId: string | null;
  author: { firstName: string; lastName: string; profileColor: string; profileImageUrl: string | null } | null;
}

export const ANONYMOUS_NAME = 'Anonymous';

export interface AuthorDisplay {
  /** 'Anonymous' for anonymous content (to everyone, its author included), else the author's name. */
  name: string;
  anonymous: boolean;
  isOwn: boolean;
  /**
   * Who wrote anonymous content, when the server told this viewer (the author and admins only);
   * shown as a quiet hint so they know, never to other students.
   */
  revealedName: string | null;
  avatar: { firstName?: string; lastName?: string; imageUrl?: string | null; color?: string; fallbackText?: string };
}

export function authorDisplay(item: Authored, viewerId: string): AuthorDisplay {
  const isOwn = item.authorId !== null && item.authorId === viewerId;
  const author = item.author;
  if (item.isAnonymous || !author) {
    return {
      name: ANONYMOUS_NAME,
      anonymous: true,
      isOwn,
      revealedName: author ? fullName(author.firstName, author.lastName) || null : null,
      avatar: { fallbackText: '?', color: theme.colors.anonymous },
    };
  }
  return {
    name: fullName(author.firstName, author.lastName) || 'Student',
    anonymous: false,
    isOwn,
    revealedName: null,
    avatar: { firstName: author.firstName, lastName: author.lastName, imageUrl: author.profileImageUrl, color: author.profileColor },
  };
}
