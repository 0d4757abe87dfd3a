import type { SearchHit } from '@quad/contracts';

/** Where a result opens: the post (a comment's post, its comments open), the idea, the polls, People. */
export function hitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'post':
      return `/posts/${encodeURIComponent(hit.id)}`;
    case 'comment':
      return `/posts/${encodeURIComponent(hit.postId ?? '')}?comments=open`;
    case 'idea':
      return `/ideas/${encodeURIComponent(hit.id)}`;
    case 'poll':
      return `/polls#poll-${encodeURIComponent(hit.id)}`;
    case 'person':
      return `/search?${new URLSearchParams({ q: hit.title, type: 'people' })}`;
  }
}

export const searchPath = (q: string) => `/search?${new URLSearchParams({ q })}`;
