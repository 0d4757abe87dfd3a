import { createSlice } from '@reduxjs/toolkit';

/**
 * The first-time tutorial prompt is offered once per app load (spec section 4): once started or
 * declined it stays closed, also when the home screen mounts again after visiting another page.
 * The store lives as long as the page, so a reload offers it again until the tutorial is done.
 */
export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState: { tutorialPromptHandled: false },
  reducers: {
    tutorialPromptHandled(state) {
      state.tutorialPromptHandled = true;
    },
  },
  selectors: { selectTutorialPromptHandled: (state) => state.tutorialPromptHandled },
});

export const { tutorialPromptHandled } = onboardingSlice.actions;
export const { selectTutorialPromptHandled } = onboardingSlice.selectors;
