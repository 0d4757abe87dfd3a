import type { SearchHit } from '@quad/contracts';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { hitPath } from '../paths';
import { Highlighted } from './highlighted';
import { ResultBody, ResultCard, ResultMeta, ResultSnippet, ResultTitle } from './search.styles';

export const KIND_LABEL: Record<SearchHit['kind'], string> = {
  post: 'Post',
  comment: 'Comment',
  idea: 'Idea',
  poll: 'Poll',
  person: 'Person',
};

/** Who wrote it, as a result shows it: never a name for anonymous content. */
export function authorLabel(hit: SearchHit): string | null {
  if (hit.kind === 'person') return null;
  if (hit.isAnonymous) return 'Anonymous';
  return hit.author ? `${hit.author.firstName} ${hit.author.lastName}`.trim() : null;
}

/** One result of the search page: what it is, its title and the matching passage highlighted, who and when. */
export function SearchResult({ hit }: { hit: SearchHit }) {
  const author = authorLabel(hit);
  const title = hit.kind === 'comment' ? hit.title || 'A post' : hit.title;
  return (
    <li>
      <ResultCard aria-label={`${KIND_LABEL[hit.kind]}: ${title}`}>
        {hit.kind === 'person' && hit.author && <Avatar person={hit.author} size={40} />}
        <ResultBody>
          <ResultTitle to={hitPath(hit)}>
            {hit.kind === 'comment' && 'Comment on: '}
            {hit.kind === 'comment' ? title : <Highlighted text={title} terms={hit.terms} />}
          </ResultTitle>
          {hit.snippet && (
            <ResultSnippet>
              <Highlighted text={hit.snippet} terms={hit.terms} />
            </ResultSnippet>
          )}
          {hit.subtitle && <ResultSnippet>{hit.subtitle}</ResultSnippet>}
          <ResultMeta>
            <Badge $variant={hit.kind === 'person' ? 'outline' : 'primary'}>{KIND_LABEL[hit.kind]}</Badge>
            {author && <span>{author}</span>}
            {hit.createdAt && <time dateTime={hit.createdAt}>{formatTimestamp(hit.createdAt)}</time>}
          </ResultMeta>
        </ResultBody>
      </ResultCard>
    </li>
  );
}
