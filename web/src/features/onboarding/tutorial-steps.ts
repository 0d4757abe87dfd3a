import { PRODUCT_NAME } from '@quad/contracts';

export type TutorialIllustration = 'welcome' | 'posts' | 'friends' | 'chat' | 'profile';

export interface TutorialStep {
  id: string;
  title: string;
  description: string;
  highlights: readonly string[];
  illustration: TutorialIllustration;
}

/** The five-step first-time tutorial (spec section 4). */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'welcome',
    title: `Welcome to ${PRODUCT_NAME}!`,
    description: 'Your college community platform. Here is a quick look at what you can do.',
    highlights: ['Discuss anything in topic boards', 'Meet students from your college', 'Chat in real time'],
    illustration: 'welcome',
  },
  {
    id: 'create-posts',
    title: 'Create and share posts',
    description: 'Start discussions in topic boards, ask questions and share what is happening on campus.',
    highlights: ['Pick a topic and write a post', 'Add an image to show, not just tell', 'Post anonymously when you prefer'],
    illustration: 'posts',
  },
  {
    id: 'connect-friends',
    title: 'Connect with friends',
    description: 'Find classmates, send friend requests and grow your network at your college.',
    highlights: ['Search for students by name', 'Accept or decline requests', 'See suggestions of people you may know'],
    illustration: 'friends',
  },
  {
    id: 'real-time-chat',
    title: 'Chat in real time',
    description: 'Message your friends privately and see replies the moment they arrive.',
    highlights: ['One-to-one conversations', 'See who is online', 'Read receipts on your messages'],
    illustration: 'chat',
  },
  {
    id: 'customize-profile',
    title: 'Customize your profile',
    description: 'Make your profile yours so classmates know who they are talking to.',
    highlights: ['Add a photo or pick a colour', 'Share your major and class year', 'List your interests'],
    illustration: 'profile',
  },
];
