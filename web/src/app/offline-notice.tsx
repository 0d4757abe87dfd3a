import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { space } from './theme';

const Banner = styled.p`
  position: fixed;
  left: 50%;
  bottom: calc(${space(4)} + env(safe-area-inset-bottom, 0px));
  z-index: 100;
  transform: translateX(-50%);
  width: min(36rem, calc(100vw - ${space(6)}));
  margin: 0;
  padding: ${space(3, 4)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.codeBackground};
  color: ${({ theme }) => theme.colors.codeText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  text-align: center;
`;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Says plainly that the device is offline (the service worker opens the app without a network,
 * issue 23): what is on screen stays, nothing new loads until the connection is back.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <Banner role="status">
      You’re offline. Quad shows what it already has and loads new posts and messages when you’re back online.
    </Banner>
  );
}
