import { listWhere } from '../src';

interface Chat {
  chatId: string;
  participantIds: string[];
  live: boolean;
  postId?: { toString(): string };
}

describe('a list defined by the fields its documents hold', () => {
  test('when fields are plain values, then the filter names them and a document belongs when each is equal', () => {
    const list = listWhere<Chat>('chat:c1', { chatId: 'c1', live: true });
    expect(list).toMatchObject({ name: 'chat:c1', filter: { chatId: 'c1', live: true } });
    expect(list.contains({ chatId: 'c1', participantIds: [], live: true })).toBe(true);
    expect(list.contains({ chatId: 'c1', participantIds: [], live: false })).toBe(false);
    expect(list.contains({ chatId: 'c2', participantIds: [], live: true })).toBe(false);
  });

  test('when the document field is an array, then the document belongs when one element equals the value', () => {
    const list = listWhere<Chat>('user:a:chats', { participantIds: 'a' });
    expect(list.filter).toEqual({ participantIds: 'a' });
    expect(list.contains({ chatId: 'x', participantIds: ['b', 'a'], live: true })).toBe(true);
    expect(list.contains({ chatId: 'x', participantIds: ['b', 'c'], live: true })).toBe(false);
  });

  test('when the stored value is an id object, then it equals its text form', () => {
    const list = listWhere<Chat>('post:p1:comments', { postId: 'p1' });
    expect(
      list.contains({ chatId: 'x', participantIds: [], live: true, postId: { toString: () => 'p1' } }),
    ).toBe(true);
    expect(
      list.contains({ chatId: 'x', participantIds: [], live: true, postId: { toString: () => 'p2' } }),
    ).toBe(false);
  });
});
