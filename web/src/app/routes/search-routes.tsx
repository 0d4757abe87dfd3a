import type { User } from '@quad/contracts';
import { PostPage, useGetTopicsQuery } from '../../features/forum';
import { SearchPage } from '../../features/search';

// Features never import each other: the app hands the forum's topics to the search page's filter
// and to a post opened from a result.

export function SearchRoute() {
  const { data: topics = [] } = useGetTopicsQuery();
  return <SearchPage topics={topics} />;
}

export function PostRoute({ user }: { user: User }) {
  const { data: topics = [] } = useGetTopicsQuery();
  return <PostPage viewer={user} topics={topics} />;
}
