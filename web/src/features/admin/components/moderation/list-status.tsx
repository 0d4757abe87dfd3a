import type { ReactNode } from 'react';
import { EmptyState } from '../../../../ui/page';
import { Spinner } from '../../../../ui/spinner';

export interface ListStatusTexts {
  icon: ReactNode;
  loading: string;
  failed: string;
  emptyTitle: string;
  emptyDescription: string;
}

/** What a moderation list shows instead of its items (loading, a failure, its empty state); null once it has items. */
export function listStatus(
  query: { data?: readonly unknown[]; isLoading: boolean; isError: boolean },
  texts: ListStatusTexts,
): ReactNode {
  if (query.isLoading) return <Spinner label={texts.loading} />;
  if (query.isError) return <EmptyState icon={texts.icon} title={texts.failed} />;
  if (!query.data || query.data.length === 0) {
    return <EmptyState icon={texts.icon} title={texts.emptyTitle} description={texts.emptyDescription} />;
  }
  return null;
}
