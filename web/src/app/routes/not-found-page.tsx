import { ButtonLink } from '../../ui/button';
import { AlertTriangleIcon, HomeIcon } from '../../ui/icons';
import { paths } from '../paths';
import { FullScreen, IconCircle, StatusCard, StatusText, StatusTitle } from './status-screens.styles';
import { space } from '../theme';

export function NotFoundPage() {
  return (
    <FullScreen>
      <StatusCard>
        <IconCircle $tone="danger" aria-hidden="true">
          <AlertTriangleIcon />
        </IconCircle>
        <StatusTitle>404 Page Not Found</StatusTitle>
        <StatusText>Did you forget to add the page to the router?</StatusText>
        <ButtonLink to={paths.home} style={{ marginTop: space(2) }}>
          <HomeIcon />
          Back to Home
        </ButtonLink>
      </StatusCard>
    </FullScreen>
  );
}
