/** What the home screen composes from the onboarding feature. */
export { OnboardingDialogs } from './components/onboarding-dialogs';
export { useOnboarding, type Onboarding } from './hooks/use-onboarding';
