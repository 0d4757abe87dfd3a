import styled from 'styled-components';
import { Stack } from '../../../ui/stack';
import { withTag } from '../../../ui/with-tag';

export const QrImage = styled.img`
  display: block;
  width: 11rem;
  height: 11rem;
  margin: 0 auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  image-rendering: pixelated;
`;

/** The secret spelled out for people who type it instead of scanning: monospace, breakable. */
export const Secret = styled.code`
  display: block;
  padding: ${({ theme }) => theme.spacing(2, 3)};
  background: ${({ theme }) => theme.colors.surfaceHover};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  word-break: break-all;
  text-align: center;
  letter-spacing: 0.05em;
`;

export const CodeList = styled(Stack).attrs(withTag('ol', { $gap: 1 }))`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(1, 4)};
  padding: ${({ theme }) => theme.spacing(3, 4)};
  background: ${({ theme }) => theme.colors.surfaceHover};
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  list-style: none;
`;
