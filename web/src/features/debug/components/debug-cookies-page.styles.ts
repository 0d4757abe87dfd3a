import styled from 'styled-components';
import { media } from '../../../app/theme';

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1.25rem;
  ${media.down('md')} { grid-template-columns: 1fr; }
`;

export const Pre = styled.pre`
  margin: 1rem 0 0;
  padding: 1rem;
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: #0F172A;
  color: #E2E8F0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
`;

export const List = styled.ul`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  li { display: flex; align-items: center; justify-content: space-between; gap: 1rem; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; }
`;

export const Muted = styled.p`
  margin-top: 1rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
