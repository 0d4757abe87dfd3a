import styled from 'styled-components';
import { media, space } from '../../../app/theme';

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(5)};
  ${media.down('md')} { grid-template-columns: 1fr; }
`;

export const Pre = styled.pre`
  margin: ${space(4, 0, 0)};
  padding: ${space(4)};
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.codeBackground};
  color: ${({ theme }) => theme.colors.codeText};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
`;

export const List = styled.ul`
  list-style: none;
  margin: ${space(4, 0, 0)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  li { display: flex; align-items: center; justify-content: space-between; gap: ${space(4)}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; }
`;

export const Muted = styled.p`
  margin-top: ${space(4)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
