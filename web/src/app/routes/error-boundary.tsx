import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { AlertTriangleIcon, RefreshIcon } from '../../ui/icons';
import { FullScreen, IconCircle, StatusCard, StatusText, StatusTitle } from './status-screens.styles';
import { space } from '../theme';

interface State {
  error: Error | null;
}

/** App-level render errors: a calm message and a refresh instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Quad failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <FullScreen role="alert">
        <StatusCard>
          <IconCircle $tone="danger" aria-hidden="true">
            <AlertTriangleIcon />
          </IconCircle>
          <StatusTitle>Something went wrong</StatusTitle>
          <StatusText>An unexpected error stopped this page. Refreshing usually fixes it.</StatusText>
          <Button onClick={() => window.location.reload()} style={{ marginTop: space(2) }}>
            <RefreshIcon />
            Refresh
          </Button>
        </StatusCard>
      </FullScreen>
    );
  }
}
