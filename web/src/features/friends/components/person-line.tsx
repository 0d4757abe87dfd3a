import styled from 'styled-components';
import { Avatar } from '../../../ui/avatar';

const Who = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
  span + span {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

interface PersonLineProps {
  person: {
    firstName: string;
    lastName: string;
    profileImageUrl: string | null;
    profileColor: string;
    college?: string | null;
  };
}

/** A person in a row of a list: the avatar, the name and, under it, the college. */
export function PersonLine({ person }: PersonLineProps) {
  return (
    <>
      <Avatar person={person} size={36} />
      <Who>
        <span>
          {person.firstName} {person.lastName}
        </span>
        {person.college && <span>{person.college}</span>}
      </Who>
    </>
  );
}
