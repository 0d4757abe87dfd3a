import type { ReactNode } from 'react';
import {
  EmptyDescription,
  EmptyIcon,
  EmptyRoot,
  EmptyTitle,
  HeaderActions,
  HeaderIcon,
  HeaderRoot,
  HeaderText,
  PageDescription,
  PageTitle,
} from './page.styles';

export { PageContainer } from './page.styles';

export function PageHeader({ title, description, icon, actions }: { title: ReactNode; description?: ReactNode; icon?: ReactNode; actions?: ReactNode }) {
  return (
    <HeaderRoot>
      <HeaderText>
        {icon && <HeaderIcon aria-hidden="true">{icon}</HeaderIcon>}
        <div>
          <PageTitle>{title}</PageTitle>
          {description && <PageDescription>{description}</PageDescription>}
        </div>
      </HeaderText>
      {actions && <HeaderActions>{actions}</HeaderActions>}
    </HeaderRoot>
  );
}

export function EmptyState({ icon, title, description, action }: { icon?: ReactNode; title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <EmptyRoot>
      {icon && <EmptyIcon aria-hidden="true">{icon}</EmptyIcon>}
      <EmptyTitle>{title}</EmptyTitle>
      {description && <EmptyDescription>{description}</EmptyDescription>}
      {action}
    </EmptyRoot>
  );
}
