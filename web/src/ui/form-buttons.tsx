import styled from 'styled-components';
import { space } from '../app/theme';
import { Button } from './button';
import { ButtonRow } from './stack';

const Row = styled(ButtonRow)`
  padding-top: ${space(1)};
`;

export interface FormButtonsProps {
  onCancel: () => void;
  /** While the form is being sent: both buttons are disabled and the submit one spins. */
  busy: boolean;
  submitLabel: string;
  /** The submit button's text while busy, e.g. 'Saving...'. */
  busyLabel: string;
  /** 'destructive' for a submit that bans, declines, reveals or reports. */
  variant?: 'primary' | 'destructive';
}

/** A dialog form's Cancel and submit buttons. */
export function FormButtons({
  onCancel,
  busy,
  submitLabel,
  busyLabel,
  variant = 'primary',
}: FormButtonsProps) {
  return (
    <Row>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} busy={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Row>
  );
}
