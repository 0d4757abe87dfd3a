import styled from 'styled-components';
import { space } from '../../../app/theme';

/** Results scroll at 12rem at most (spec section 9). */
export const Results = styled.ul`
  list-style: none;
  margin: ${space(3)} 0 0;
  padding: 0;
  max-height: 12rem;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
`;

export const Result = styled.li`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

export const Status = styled.p`
  margin-top: ${space(3)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;
