import type { ReactNode } from 'react';
import { Card } from './card';
import { EmptyState, PageContainer, PageHeader } from './page';

export interface PlaceholderPageProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** Extra content under the notice (links, prompts). */
  children?: ReactNode;
}

/** A titled screen whose content a later feature fills. */
export function PlaceholderPage({ title, description, icon, children }: PlaceholderPageProps) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} icon={icon} />
      <Card>
        <EmptyState icon={icon} title="Coming soon" description="This part of Quad is being built and will be here shortly." />
        {children}
      </Card>
    </PageContainer>
  );
}
