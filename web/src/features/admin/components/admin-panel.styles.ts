import styled from 'styled-components';
import { media } from '../../../app/theme';
import { Stack } from '../../../ui/stack';
import { withTag } from '../../../ui/with-tag';

export const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
  ${media.up('lg')} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

export const Wide = styled.div`
  ${media.up('lg')} {
    grid-column: 1 / -1;
  }
`;

export const SectionHeader = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};
`;

export const Form = styled(Stack).attrs(withTag('form', { $gap: 3 }))``;

export const RequestList = styled(Stack).attrs(withTag('ul', { $gap: 3 }))``;

export const RequestItem = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.spacing(3, 4)};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
`;

export const RequestInfo = styled(Stack).attrs({ $gap: 1 })`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

export const RequestActions = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 2 })``;

export const TableScroll = styled.div`
  overflow-x: auto;
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.spacing(2, 3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  th {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  td {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Links = styled(Stack).attrs(withTag('nav', { $row: true, $wrap: true, $gap: 2 }))``;
