import styled from 'styled-components';
import { Button } from '../../../ui/button';

const Notice = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)} ${({ theme }) => theme.spacing(4)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const BLOCKED_NOTICE = 'Hidden: you blocked this user';

/** What stands in for a blocked author's post or comment until the reader asks to see it. */
export function BlockedNotice({ onShow }: { onShow: () => void }) {
  return (
    <Notice role="note">
      <span>{BLOCKED_NOTICE}</span>
      <Button size="sm" variant="ghost" onClick={onShow}>
        Show
      </Button>
    </Notice>
  );
}
