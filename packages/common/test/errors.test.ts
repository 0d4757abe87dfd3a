import { z } from 'zod';
import { zodMessage } from '../src';

describe('validation messages', () => {
  const schema = z.object({ email: z.string(), age: z.number(), name: z.string().min(1, 'Please enter your name.') });
  const messageFor = (input: unknown) => zodMessage(schema.safeParse(input).error!);

  test('when a field is missing, then the message says it is required', () => {
    expect(messageFor({ age: 1, name: 'x' })).toBe('email is required.');
  });

  test('when a field has the wrong type, then the message names the expected type', () => {
    expect(messageFor({ email: 'a@b.edu', age: 'old', name: 'x' })).toBe('age must be a number.');
  });

  test("when the schema words its own message, then that message is kept", () => {
    expect(messageFor({ email: 'a@b.edu', age: 1, name: '' })).toBe('Please enter your name.');
  });

  test('when the body is not an object, then the message says so', () => {
    expect(zodMessage(schema.safeParse('text').error!)).toBe('Request body must be an object.');
  });
});
