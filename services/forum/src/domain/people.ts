import { type DirectoryEntry, personOf } from '@quad/common';

/** How ideas and polls show a person: common's `personOf`, with a full name ('Student' for an unknown user) and college. */
export interface IdeaPerson {
  firstName: string;
  lastName: string;
  fullName: string;
  college: string | null;
  profileColor: string;
}

export function ideaPersonOf(userId: string, entry: DirectoryEntry | null | undefined): IdeaPerson {
  const { firstName, lastName, profileColor } = personOf(userId, entry);
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`.trim() || 'Student',
    college: entry?.collegeName ?? null,
    profileColor,
  };
}
