import styled from 'styled-components';
import { space } from '../../../app/theme';

export const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(4)};
`;

export const DeleteForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
`;
