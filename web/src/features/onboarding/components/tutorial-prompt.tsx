import { PRODUCT_NAME } from '@quad/contracts';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EditIcon, MessageIcon, UserIcon, UsersIcon } from '../../../ui/icons';
import { Preview, PreviewItem } from './tutorial-dialog.styles';

const COVERED = [
  { label: 'Topic boards and posts', Icon: EditIcon },
  { label: 'Friends at your college', Icon: UsersIcon },
  { label: 'Real-time chat', Icon: MessageIcon },
  { label: 'Your profile', Icon: UserIcon },
];

export interface TutorialPromptProps {
  open: boolean;
  onStart: () => void;
  onDismiss: () => void;
}

/** Offered once to a student who has not done the tutorial yet (spec section 4). */
export function TutorialPrompt({ open, onStart, onDismiss }: TutorialPromptProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onDismiss()}
      title={`New to ${PRODUCT_NAME}?`}
      description="Take a quick five-step tutorial to learn how everything works. It only takes a minute."
      width="sm"
      footer={
        <>
          <Button variant="outline" onClick={onDismiss}>
            Maybe later
          </Button>
          <Button onClick={onStart} data-autofocus>
            Start Tutorial
          </Button>
        </>
      }
    >
      <Preview aria-label="What the tutorial covers">
        {COVERED.map(({ label, Icon }) => (
          <PreviewItem key={label}>
            <Icon aria-hidden="true" />
            {label}
          </PreviewItem>
        ))}
      </Preview>
    </Dialog>
  );
}
