import styled from 'styled-components';
import { space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { IconTile } from '../../../ui/icon-tile';
import { Stack } from '../../../ui/stack';
import { TonedBox } from '../../../ui/surface.styles';
import { Text } from '../../../ui/text';
import { eyebrow } from '../../../ui/text.styles';
import { withTag } from '../../../ui/with-tag';

export const Screen = styled.main`
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: ${space(6)};
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.colors.dangerSoft} 0%,
    ${({ theme }) => theme.colors.background} 60%
  );
`;

export const Panel = styled(Card).attrs({ $shadow: 'lg' as const })`
  width: 100%;
  max-width: 30rem;
  padding: ${space(8)};
  text-align: center;
`;

/** Inline, so the panel's centred text centres it. */
export const IconCircle = styled(IconTile).attrs({
  $size: 14,
  $radius: 'circle' as const,
  $tone: 'danger' as const,
  $icon: '2xl' as const,
})`
  display: inline-grid;
  margin-bottom: ${space(4)};
`;

export const Title = styled(Text).attrs(withTag('h1', { $size: '2xl' as const, $weight: 'bold' as const }))``;

export const Lead = styled(Text).attrs({ $tone: 'muted' as const })`
  margin-top: ${space(2)};
`;

export const Details = styled(TonedBox).attrs(withTag('dl', { $gap: 3 }))`
  margin: ${space(6, 0)};
  padding: ${space(4)};
  text-align: left;
  dt {
    ${eyebrow}
  }
  dd {
    margin: ${space(0.5, 0, 0)};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const Actions = styled(Stack).attrs({ $gap: 2 })``;

export const Note = styled(Text).attrs({ $size: 'xs' as const, $tone: 'muted' as const })`
  margin-top: ${space(4)};
`;

export const DownloadFailed = styled(Text).attrs({ $size: 'sm' as const, $tone: 'danger' as const })``;
