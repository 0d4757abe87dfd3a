import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { LightbulbIcon } from '../../../ui/icons';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /ideas — filled by the ideas feature. Visitors see the join prompt (spec section 2). */
export function IdeasPage({ isVisitor = false }: { isVisitor?: boolean }) {
  if (isVisitor) {
    return (
      <PageContainer>
        <PageHeader title="Ideas" icon={<LightbulbIcon />} description="Startup ideas from students across colleges." />
        <Card>
          <EmptyState
            icon={<LightbulbIcon />}
            title="Share Your Ideas"
            description="Join Quad to share startup ideas, find collaborators and see what other students are building."
            action={<ButtonLink to={paths.auth} style={{ marginTop: '0.5rem' }}>Get Started</ButtonLink>}
          />
        </Card>
      </PageContainer>
    );
  }
  return <PlaceholderPage title="Ideas" description="Share startup ideas and find collaborators." icon={<LightbulbIcon />} />;
}
