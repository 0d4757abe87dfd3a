import { PRODUCT_NAME } from '@quad/contracts';
import { useToast } from '../../../ui/toast';
import type { Onboarding } from '../hooks/use-onboarding';
import { TutorialDialog } from './tutorial-dialog';
import { TutorialPrompt } from './tutorial-prompt';
import { Walkthrough } from './walkthrough';

export const WALKTHROUGH_DONE_TITLE = 'Welcome aboard!';
export const WALKTHROUGH_DONE_DESCRIPTION = `You're now ready to explore ${PRODUCT_NAME} community!`;

/** The tutorial prompt, the tutorial and the walkthrough, driven by useOnboarding. */
export function OnboardingDialogs({ onboarding }: { onboarding: Onboarding }) {
  const { toast } = useToast();
  return (
    <>
      <TutorialPrompt open={onboarding.promptOpen} onStart={onboarding.startTutorial} onDismiss={onboarding.dismissPrompt} />
      <TutorialDialog open={onboarding.tutorialOpen} onClose={onboarding.tutorialClosed} />
      <Walkthrough
        open={onboarding.walkthroughOpen}
        onClose={onboarding.closeWalkthrough}
        onFinish={() => {
          onboarding.closeWalkthrough();
          toast({ title: WALKTHROUGH_DONE_TITLE, description: WALKTHROUGH_DONE_DESCRIPTION });
        }}
      />
    </>
  );
}
