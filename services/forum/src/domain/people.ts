import { DEFAULT_PROFILE_COLOR } from '@quad/contracts';
import type { DirectoryEntry } from '@quad/common';

/** How ideas and polls show a person from the user directory; an unknown user shows as 'Student'. */
export interface Person {
  firstName: string;
  lastName: string;
  fullName: string;
  college: string | null;
  profileColor: string;
}

export function personOf(entry: DirectoryEntry | null | undefined): Person {
  const firstName = entry?.firstName ?? '';
  const lastName = entry?.lastName ?? '';
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`.trim() || 'Student',
    college: entry?.collegeName ?? null,
    profileColor: entry?.profileColor ?? DEFAULT_PROFILE_COLOR,
  };
}
