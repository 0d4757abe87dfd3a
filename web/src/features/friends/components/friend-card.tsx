import type { Person } from '@quad/contracts';
import type { ReactNode } from 'react';
import { Avatar } from '../../../ui/avatar';
import { Actions, CardRoot, Details, Line, Mutual, Name } from './friend-card.styles';

/** "Computer Science · Class of 2027", whichever of the two is known. */
export function studyLine(person: Pick<Person, 'major' | 'graduationYear'>): string {
  return [person.major, person.graduationYear ? `Class of ${person.graduationYear}` : '']
    .filter(Boolean)
    .join(' · ');
}

export function mutualLabel(count: number): string {
  return `${count} mutual friend${count === 1 ? '' : 's'}`;
}

/**
 * One student on the Friends screen: avatar with online dot, name, college, major and class year,
 * mutual friends, and the actions the tab offers.
 */
export function FriendCard({ person, actions }: { person: Person; actions?: ReactNode }) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const study = studyLine(person);
  return (
    <CardRoot aria-label={name}>
      <Avatar person={person} size={48} online={person.isOnline} />
      <Details>
        <Name>{name}</Name>
        {person.college && <Line>{person.college}</Line>}
        {study && <Line>{study}</Line>}
        <Mutual>{mutualLabel(person.mutualFriends)}</Mutual>
      </Details>
      {actions && <Actions>{actions}</Actions>}
    </CardRoot>
  );
}
