import { Types } from 'mongoose';
import type { IdeaDoc } from '../src/models/idea-model';
import { HttpError, decodeCursor, encodeCursor } from '@quad/common';
import { type RankedIdea, matchesIdea, pageRanked } from '../src/domain/idea-query';

function ranked(title: string, createdAtMs: number, commentsCount = 0, interestedCount = 0): RankedIdea {
  const idea: IdeaDoc = {
    _id: new Types.ObjectId(),
    title,
    description: `About ${title}`,
    category: 'Technology',
    stage: 'MVP',
    skillsNeeded: ['Sales'],
    authorId: 'u1',
    createdAt: new Date(createdAtMs),
    updatedAt: new Date(createdAtMs),
    version: 0,
  };
  return { idea, commentsCount, interestedCount };
}

describe('idea search and ranking', () => {
  test('when searching, then every word must appear in the title or description, case-insensitively, and filters all hold', () => {
    const { idea } = ranked('Campus Rideshare', 1);
    expect(matchesIdea(idea, { search: 'rideshare' })).toBe(true);
    expect(matchesIdea(idea, { search: '  ABOUT   campus ' })).toBe(true);
    expect(matchesIdea(idea, { search: 'campus pizza' })).toBe(false);
    expect(matchesIdea(idea, { category: 'Technology', stage: 'MVP', skill: 'Sales' })).toBe(true);
    expect(matchesIdea(idea, { skill: 'Legal' })).toBe(false);
    expect(matchesIdea(idea, { stage: 'Launch Ready' })).toBe(false);
  });

  test('when ranked and paged, then pages join without repeats or gaps, ties broken by comments, interest, then recency', () => {
    const items = [ranked('a', 1000, 2, 0), ranked('b', 2000, 2, 5), ranked('c', 3000, 0, 9), ranked('d', 4000, 2, 0), ranked('e', 4000, 1, 0)];
    const order = (sort: 'recent' | 'popular' | 'discussed') => {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const page = pageRanked(items, sort, { cursor, limit: 2 });
        titles.push(...page.items.map((item) => item.idea.title));
        cursor = page.nextCursor;
      } while (cursor);
      return titles;
    };
    expect(order('popular')).toEqual(['b', 'd', 'a', 'e', 'c']);
    expect(order('discussed')).toEqual(['d', 'b', 'a', 'e', 'c']);
    // d and e share a creation time: the later id (e) comes first, and both appear once.
    expect(order('recent')).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  test('when a cursor was not issued here, then it is refused', () => {
    const refused = expect.objectContaining({ status: 400, message: 'Invalid cursor.' });
    expect(decodeCursor(encodeCursor({ key: [3, 1], id: 'abc' }))).toEqual({ key: [3, 1], id: 'abc' });
    expect(() => decodeCursor('not-a-cursor')).toThrow(HttpError);
    expect(() => decodeCursor(Buffer.from('x,1.a').toString('base64url'))).toThrow(refused);
    expect(() => pageRanked([], 'recent', { cursor: 'garbage', limit: 2 })).toThrow(refused);
    // A cursor of another sort (another number of keys) is refused too.
    expect(() => pageRanked([], 'popular', { cursor: encodeCursor({ key: [1], id: 'a' }), limit: 2 })).toThrow(refused);
  });
});
