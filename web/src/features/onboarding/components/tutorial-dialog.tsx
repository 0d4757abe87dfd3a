import { useState, type ComponentType } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import {
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  EditIcon,
  GraduationCapIcon,
  MessageIcon,
  UserIcon,
  UsersIcon,
  type IconProps,
} from '../../../ui/icons';
import { useCompleteTutorialMutation } from '../api';
import { TUTORIAL_STEPS, type TutorialIllustration } from '../tutorial-steps';
import {
  Footer,
  Highlights,
  Illustration,
  Progress,
  ProgressFill,
  ProgressLabel,
  ProgressTrack,
  StepBody,
} from './tutorial-dialog.styles';
import { useSubmit } from '../../../ui/use-submit';

const ILLUSTRATIONS: Record<TutorialIllustration, ComponentType<IconProps>> = {
  welcome: GraduationCapIcon,
  posts: EditIcon,
  friends: UsersIcon,
  chat: MessageIcon,
  profile: UserIcon,
};

export const TUTORIAL_SAVE_FAILED = 'Failed to save tutorial completion status.';

export interface TutorialDialogProps {
  open: boolean;
  /** Called once the completion was saved (or failed); `getStarted` when the last step's button ended it. */
  onClose: (result: { getStarted: boolean }) => void;
}

/**
 * The five-step tutorial (spec section 4): Previous/Next, a progress bar, Skip, and Get Started
 * on the last step. Finishing and skipping (closing counts as skipping) both mark it complete.
 */
export function TutorialDialog({ open, onClose }: TutorialDialogProps) {
  const [index, setIndex] = useState(0);
  const [completeTutorial, { isLoading }] = useCompleteTutorialMutation();
  const { submit } = useSubmit();
  const step = TUTORIAL_STEPS[index]!;
  const last = index === TUTORIAL_STEPS.length - 1;
  const Icon = ILLUSTRATIONS[step.illustration];

  async function finish(getStarted: boolean) {
    if (isLoading) return;
    await submit(() => completeTutorial().unwrap(), {
      success: {
        title: 'Tutorial Complete',
        description: getStarted
          ? 'Next, a quick tour of your home screen.'
          : 'You can take the tour any time from the Tour button.',
      },
      failure: { title: 'Error', description: TUTORIAL_SAVE_FAILED },
    });
    setIndex(0);
    onClose({ getStarted });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) void finish(false);
      }}
      title={step.title}
      description={step.description}
      width="md"
    >
      <Progress>
        <ProgressLabel>
          <span>
            Step {index + 1} of {TUTORIAL_STEPS.length}
          </span>
          <span>{Math.round(((index + 1) / TUTORIAL_STEPS.length) * 100)}%</span>
        </ProgressLabel>
        <ProgressTrack
          role="progressbar"
          aria-label="Tutorial progress"
          aria-valuemin={1}
          aria-valuemax={TUTORIAL_STEPS.length}
          aria-valuenow={index + 1}
          aria-valuetext={`Step ${index + 1} of ${TUTORIAL_STEPS.length}`}
        >
          <ProgressFill $percent={((index + 1) / TUTORIAL_STEPS.length) * 100} />
        </ProgressTrack>
      </Progress>
      <StepBody key={step.id}>
        <Illustration aria-hidden="true">
          <Icon />
        </Illustration>
        <Highlights>
          {step.highlights.map((highlight) => (
            <li key={highlight}>
              <CheckIcon />
              {highlight}
            </li>
          ))}
        </Highlights>
      </StepBody>
      <Footer>
        <Button variant="ghost" onClick={() => void finish(false)} disabled={isLoading}>
          Skip
        </Button>
        <Button
          variant="outline"
          onClick={() => setIndex((current) => current - 1)}
          disabled={index === 0 || isLoading}
        >
          <ChevronLeftIcon />
          Previous
        </Button>
        {last ? (
          <Button onClick={() => void finish(true)} busy={isLoading} data-autofocus>
            Get Started
          </Button>
        ) : (
          <Button onClick={() => setIndex((current) => current + 1)} data-autofocus>
            Next
            <ChevronRightIcon />
          </Button>
        )}
      </Footer>
    </Dialog>
  );
}
