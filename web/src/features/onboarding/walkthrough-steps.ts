import { PRODUCT_NAME } from '@quad/contracts';

export type WalkthroughPosition = 'top' | 'bottom' | 'left' | 'right' | 'center';
export type WalkthroughAnimation = 'fade' | 'slide' | 'zoom' | 'pulse';

export interface WalkthroughStep {
  id: 'welcome' | 'topics' | 'create-post' | 'interact' | 'friends' | 'safety';
  title: string;
  description: string;
  /** CSS selector of the element to highlight; the first visible match wins, none centres the card. */
  target: string;
  /** Preferred side of the target for the card; it flips when there is no room. */
  position: WalkthroughPosition;
  animation: WalkthroughAnimation;
}

/** Elements opt in as targets with a data-walkthrough attribute (home header, sidebar, posts). */
export const walkthroughTarget = (id: string) => `[data-walkthrough="${id}"]`;

/** The six-step guided walkthrough of the home screen (spec section 2, Walkthrough). */
export const WALKTHROUGH_STEPS: readonly WalkthroughStep[] = [
  {
    id: 'welcome',
    title: `Welcome to ${PRODUCT_NAME}!`,
    description: "This is your college's home. Let's take a one-minute tour of the essentials.",
    target: walkthroughTarget('welcome'),
    position: 'bottom',
    animation: 'fade',
  },
  {
    id: 'topics',
    title: 'Browse topics',
    description: 'Pick a topic board to see what students are talking about. The number shows how many posts it has.',
    target: walkthroughTarget('topics'),
    position: 'right',
    animation: 'slide',
  },
  {
    id: 'create-post',
    title: 'Start a discussion',
    description: 'Share a question, an idea or an announcement. Add an image, or post anonymously if you prefer.',
    target: walkthroughTarget('create-post'),
    position: 'bottom',
    animation: 'pulse',
  },
  {
    id: 'interact',
    title: 'Join the conversation',
    description: 'Open the comments on any post to reply. Use the ⋯ menu to edit or delete your own posts.',
    target: walkthroughTarget('interact'),
    position: 'top',
    animation: 'slide',
  },
  {
    id: 'friends',
    title: 'Connect with friends',
    description: 'Your friends show up here. Add classmates to chat with them in real time.',
    target: walkthroughTarget('friends'),
    position: 'right',
    animation: 'zoom',
  },
  {
    id: 'safety',
    title: 'Keep it safe',
    description: `See something that breaks the rules? Report it and moderators will review it. ${PRODUCT_NAME} stays safe because you speak up.`,
    target: walkthroughTarget('safety'),
    position: 'top',
    animation: 'pulse',
  },
];

/** Spec section 9: the walkthrough opens about 500 ms after the tutorial. */
export const WALKTHROUGH_DELAY_MS = 500;
