import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './page';

/**
 * A list that could not be loaded: what failed, 'Something went wrong. Please try again.' and a
 * Try again button that fetches it again (ideas, polls, search results).
 */
export function LoadFailed({
  title,
  onRetry,
  alert = false,
}: {
  title: string;
  onRetry: () => unknown;
  alert?: boolean;
}) {
  return (
    <Card role={alert ? 'alert' : undefined}>
      <EmptyState
        title={title}
        description="Something went wrong. Please try again."
        action={
          <Button variant="outline" onClick={() => void onRetry()}>
            Try again
          </Button>
        }
      />
    </Card>
  );
}
