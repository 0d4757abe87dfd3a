import { Avatar } from './avatar';

/** What a person's avatar is drawn from: every person the API returns (a user, a friend, a chat partner, a member) has it. */
export interface AvatarPerson {
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  profileColor?: string | null;
}

/** A person's avatar: their photo, or their initials on their profile colour. */
export function PersonAvatar({
  person,
  size,
  online,
}: {
  person: AvatarPerson;
  size?: number;
  online?: boolean;
}) {
  return (
    <Avatar
      firstName={person.firstName}
      lastName={person.lastName}
      imageUrl={person.profileImageUrl}
      color={person.profileColor}
      size={size}
      online={online}
    />
  );
}
