import type { IdeaCategory, IdeaSkill, IdeaSort, IdeaStage } from '@quad/contracts';
import { decodeCursor, encodeCursor } from '@quad/common';
import type { IdeaDoc } from '../models/idea-model';

/*
 * Searching, filtering and ordering the ideas hub, as pure functions over loaded ideas: a search
 * or a combination of filters is answered from one list's ideas (the narrowest), in memory, since
 * FerretDB has no text search and scans the whole collection for any filter anyway.
 */

export interface IdeaFilters {
  search?: string;
  category?: IdeaCategory;
  stage?: IdeaStage;
  skill?: IdeaSkill;
}

/** Every word of the search appears in the title or the description (case-insensitive); and every filter holds. */
export function matchesIdea(idea: Pick<IdeaDoc, 'title' | 'description' | 'category' | 'stage' | 'skillsNeeded'>, filters: IdeaFilters): boolean {
  if (filters.category && idea.category !== filters.category) return false;
  if (filters.stage && idea.stage !== filters.stage) return false;
  if (filters.skill && !idea.skillsNeeded.includes(filters.skill)) return false;
  const words = (filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${idea.title}\n${idea.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export interface RankedIdea {
  idea: IdeaDoc;
  commentsCount: number;
  interestedCount: number;
}

/**
 * The sort key, compared highest first: recent is the creation time; discussed is the comment
 * count, then recency; popular is the comment count too (spec section 9), then interest, then recency.
 */
export function rankKey(ranked: RankedIdea, sort: IdeaSort): number[] {
  const created = ranked.idea.createdAt.getTime();
  if (sort === 'discussed') return [ranked.commentsCount, created];
  if (sort === 'popular') return [ranked.commentsCount, ranked.interestedCount, created];
  return [created];
}

/** How many numbers each sort's key has (a cursor of another sort is refused). */
const rankKeyLength: Record<IdeaSort, number> = { recent: 1, discussed: 2, popular: 3 };

interface Position {
  key: number[];
  id: string;
}

/** Highest key first; equal keys by descending id, so the order is total and a cursor is exact. */
function compare(a: Position, b: Position): number {
  for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
    const diff = (b.key[i] ?? 0) - (a.key[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * One page of ranked ideas after `cursor` (keyset: the items strictly after the cursor's position in
 * the order, so ideas added or removed meanwhile never shift a page onto a repeat or a skip).
 */
export function pageRanked(
  items: RankedIdea[],
  sort: IdeaSort,
  options: { cursor?: string | null; limit: number },
): { items: RankedIdea[]; nextCursor: string | null } {
  // The one page cursor (common's cursor.ts): a cursor this code did not issue is a 400.
  const after: Position | null = options.cursor ? decodeCursor(options.cursor, rankKeyLength[sort]) : null;
  const positioned = items
    .map((item) => ({ item, position: { key: rankKey(item, sort), id: String(item.idea._id) } }))
    .sort((a, b) => compare(a.position, b.position));
  const rest = after ? positioned.filter((entry) => compare(entry.position, after) > 0) : positioned;
  const page = rest.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((entry) => entry.item),
    nextCursor: rest.length > options.limit && last ? encodeCursor(last.position) : null,
  };
}
