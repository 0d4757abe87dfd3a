import styled from 'styled-components';
import { space } from '../../../app/theme';
import { FormStack } from '../../../ui/layout.styles';
import { Stack } from '../../../ui/stack';
import { TonedBox } from '../../../ui/surface.styles';
import { Text } from '../../../ui/text';
import { eyebrow } from '../../../ui/text.styles';
import { withTag } from '../../../ui/with-tag';

export const AppealBox = styled(TonedBox).attrs(withTag('section', { $gap: 3 }))`
  margin-bottom: ${space(5)};
  padding: ${space(4)};
  text-align: left;
`;

export const AppealHeading = styled(Text).attrs(
  withTag('h2', { $size: 'md' as const, $weight: 'semibold' as const, $tone: 'text' as const }),
)``;

export const AppealForm = styled(FormStack).attrs({ $gap: 3 })``;

export const AppealStatusLine = styled(Text).attrs({ $size: 'sm' as const, $tone: 'secondary' as const })``;

export const AppealMessage = styled(Stack).attrs({ $gap: 1 })`
  span {
    ${eyebrow}
  }
`;

export const AppealText = styled(Text).attrs({ $size: 'sm' as const, $tone: 'text' as const })`
  white-space: pre-wrap;
`;
