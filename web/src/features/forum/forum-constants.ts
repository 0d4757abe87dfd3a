/**
 * Copies of three values from @quad/contracts' forum module. Importing any value from that module
 * keeps its top-level zod schemas, and so zod itself (about 86 kB), in the main bundle; its
 * side-effect-free constants module does not. web/test/features/forum/forum-constants.test.ts
 * fails if a copy drifts from the contract.
 * TODO: import them from '@quad/contracts' once they live in packages/contracts/src/constants.ts.
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const CREATE_POST_BLANK = 'Please fill in all required fields.';
export const TOPIC_REQUIRED = 'Please choose a topic.';
