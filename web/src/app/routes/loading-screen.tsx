import styled from 'styled-components';
import { PRODUCT_NAME } from '@quad/contracts';
import { Spinner } from '../../ui/spinner';
import { FullScreen, LoadingText } from './status-screens.styles';
import { space } from '../theme';

/** While auth or device state loads (spec section 2). */
export function LoadingScreen({ text = `Loading ${PRODUCT_NAME}...` }: { text?: string }) {
  return (
    <FullScreen aria-busy="true">
      <Spinner size={40} label={text} />
      <LoadingText>{text}</LoadingText>
    </FullScreen>
  );
}

const PageSpinnerRoot = styled.div`
  display: grid;
  place-items: center;
  padding: ${space(20, 4)};
`;

/** While a screen's code loads inside the signed-in frame. */
export function PageSpinner() {
  return (
    <PageSpinnerRoot>
      <Spinner size={32} label="Loading page" />
    </PageSpinnerRoot>
  );
}
