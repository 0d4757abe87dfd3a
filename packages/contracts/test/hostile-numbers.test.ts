import { createPollBodySchema, listIdeasQuerySchema, listPollsQuerySchema } from '../src';

/**
 * A JSON body can carry an object whose valueOf and toString are not functions: Number() of it
 * throws, and a throw inside a schema is a 500, not a 400. Found by the gateway's property-based
 * bodies (POST /api/polls, `topicId`).
 */
describe('numbers read from text', () => {
  const hostile = { valueOf: 1, toString: 2 };

  test('when a poll topic is an object with hostile valueOf and toString, then the schema refuses it instead of throwing', () => {
    const parsed = createPollBodySchema.safeParse({ question: 'Fuzz?', options: ['Yes', 'No'], topicId: hostile });
    expect(parsed.success).toBe(false);
  });

  test('when a list limit is such an object, then the ideas and polls queries refuse it; text and numbers still read', () => {
    expect(listIdeasQuerySchema.safeParse({ limit: hostile }).success).toBe(false);
    expect(listPollsQuerySchema.safeParse({ limit: hostile }).success).toBe(false);
    expect(listPollsQuerySchema.parse({ limit: '5' }).limit).toBe(5);
    expect(createPollBodySchema.parse({ question: 'Fuzz?', options: ['Yes', 'No'], topicId: '1' }).topicId).toBe(1);
  });
});
