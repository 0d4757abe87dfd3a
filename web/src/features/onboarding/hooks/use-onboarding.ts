import type { User } from '@quad/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTutorialPromptHandled, tutorialPromptHandled } from '../onboarding-slice';
import { WALKTHROUGH_DELAY_MS } from '../walkthrough-steps';

export interface Onboarding {
  promptOpen: boolean;
  tutorialOpen: boolean;
  walkthroughOpen: boolean;
  startTutorial: () => void;
  dismissPrompt: () => void;
  tutorialClosed: (result: { getStarted: boolean }) => void;
  /** The Tour button. */
  openWalkthrough: () => void;
  closeWalkthrough: () => void;
}

/**
 * First-time guidance (spec section 4): a student who has not done the tutorial is offered it
 * once; finishing it with Get Started opens the walkthrough about 500 ms later. The walkthrough
 * opens only that way or from Tour, never by itself, so it does not come back on reload.
 */
export function useOnboarding(user: User): Onboarding {
  const dispatch = useAppDispatch();
  const promptHandled = useAppSelector(selectTutorialPromptHandled);
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const [walkthroughOpen, setWalkthroughOpen] = useState(false);
  const walkthroughTimer = useRef<number | undefined>(undefined);
  const promptOpen = !user.tutorialCompleted && !promptHandled;

  useEffect(() => () => window.clearTimeout(walkthroughTimer.current), []);

  const tutorialClosed = useCallback(({ getStarted }: { getStarted: boolean }) => {
    setTutorialOpen(false);
    if (!getStarted) return;
    window.clearTimeout(walkthroughTimer.current);
    walkthroughTimer.current = window.setTimeout(() => setWalkthroughOpen(true), WALKTHROUGH_DELAY_MS);
  }, []);

  return {
    promptOpen,
    tutorialOpen,
    walkthroughOpen,
    startTutorial: useCallback(() => {
      dispatch(tutorialPromptHandled());
      setTutorialOpen(true);
    }, [dispatch]),
    dismissPrompt: useCallback(() => dispatch(tutorialPromptHandled()), [dispatch]),
    tutorialClosed,
    openWalkthrough: useCallback(() => setWalkthroughOpen(true), []),
    closeWalkthrough: useCallback(() => setWalkthroughOpen(false), []),
  };
}
