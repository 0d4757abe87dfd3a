import styled from 'styled-components';
import { space } from '../app/theme';
import { ButtonRow, Stack } from './stack';

/** A dialog's form (create post, share idea, create poll, report): fields a step and a half apart. */
export const DialogForm = styled(Stack).attrs({ as: 'form', $gap: 4.5 })``;

/** The row of a dialog form's Cancel and submit buttons. */
export const DialogFormFooter = styled(ButtonRow)`
  padding-top: ${space(1)};
`;
