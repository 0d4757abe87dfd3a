import styled from 'styled-components';
import { TwoColumns } from '../../../ui/layout.styles';
import { Stack } from '../../../ui/stack';
import { withTag } from '../../../ui/with-tag';

export const Sections = styled(TwoColumns).attrs({ $from: 'lg' as const })``;

export const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};
`;

export const Form = styled(Stack).attrs(withTag('form', { $gap: 3 }))``;

export const Links = styled(Stack).attrs(withTag('nav', { $row: true, $wrap: true, $gap: 2 }))``;
