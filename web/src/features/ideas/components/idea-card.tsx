import type { Idea } from '@quad/contracts';
import { Link } from 'react-router-dom';
import { ideaPath } from '../../../app/paths';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import { MessageSquareIcon, TrashIcon, UserPlusIcon } from '../../../ui/icons';
import { Byline, CardFooter, Chips, Counts, Description, IdeaCardRoot, IdeaTitle } from './ideas.styles';

export function splitName(fullName: string): [string, string] {
  const [first = '', ...rest] = fullName.split(' ');
  return [first, rest.join(' ')];
}

/** The idea's category, stage and wanted skills as chips. */
export function IdeaChips({ idea }: { idea: Idea }) {
  return (
    <Chips>
      <Badge $variant="primary">{idea.category}</Badge>
      <Badge $variant={idea.stage === 'Launch Ready' ? 'success' : 'warning'}>{idea.stage}</Badge>
      {idea.skillsNeeded.map((skill) => (
        <Badge key={skill} $variant="outline">
          {skill}
        </Badge>
      ))}
    </Chips>
  );
}

export function IdeaByline({ idea }: { idea: Idea }) {
  const [firstName, lastName] = splitName(idea.authorName);
  return (
    <Byline>
      <Avatar firstName={firstName} lastName={lastName} color={idea.authorProfileColor} size={32} />
      <span>
        <strong>{idea.authorName}</strong>
        {idea.authorCollege ? ` · ${idea.authorCollege}` : ''} · <time dateTime={idea.createdAt}>{formatTimestamp(idea.createdAt)}</time>
      </span>
    </Byline>
  );
}

/** An idea in the hub: View Details for everyone, Delete for its author and admins. */
export function IdeaCard({ idea, onDelete }: { idea: Idea; onDelete: (idea: Idea) => void }) {
  return (
    <IdeaCardRoot aria-labelledby={`idea-${idea.id}-title`}>
      <IdeaChips idea={idea} />
      <IdeaTitle id={`idea-${idea.id}-title`}>
        <Link to={ideaPath(idea.id)} style={{ color: 'inherit' }}>
          {idea.title}
        </Link>
      </IdeaTitle>
      <Description $clamp>{idea.description}</Description>
      <IdeaByline idea={idea} />
      <CardFooter>
        <Counts>
          <span aria-label={idea.commentsCount === 1 ? '1 comment' : `${idea.commentsCount} comments`}>
            <MessageSquareIcon aria-hidden="true" />
            {idea.commentsCount}
          </span>
          <span aria-label={`${idea.interestedCount} interested`}>
            <UserPlusIcon aria-hidden="true" />
            {idea.interestedCount}
          </span>
        </Counts>
        {idea.canDelete && (
          <Button variant="ghost" size="sm" onClick={() => onDelete(idea)} aria-label={`Delete ${idea.title}`}>
            <TrashIcon />
            Delete
          </Button>
        )}
        <ButtonLink to={ideaPath(idea.id)} variant="outline" size="sm">
          View Details
        </ButtonLink>
      </CardFooter>
    </IdeaCardRoot>
  );
}
