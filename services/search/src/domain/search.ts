import { type SearchHit, type SearchKind, type SearchQuery, SEARCH_SINCE_MS, sliceWhole } from '@quad/contracts';
import type { Viewer } from '@quad/common';
import { IDEAS, type IndexedDoc, type Match, type SearchIndex } from './search-index';

const KINDS_OF: Record<SearchQuery['type'], ReadonlySet<SearchKind>> = {
  all: new Set(['post', 'comment', 'idea', 'poll', 'person']),
  posts: new Set(['post']),
  comments: new Set(['comment']),
  ideas: new Set(['idea']),
  polls: new Set(['poll']),
  people: new Set(['person']),
};

/**
 * The indexes a viewer may look in: their college's (posts, comments, polls, people) and the
 * ideas (every college's). Admins look in every college's. A student without a college has none.
 */
function partitionsFor(index: SearchIndex, viewer: Viewer, kinds: ReadonlySet<SearchKind>): string[] {
  const wantsIdeas = kinds.has('idea');
  const wantsCollege = [...kinds].some((kind) => kind !== 'idea');
  if (viewer.isAdmin)
    return index.partitionNames().filter((name) => (name === IDEAS ? wantsIdeas : wantsCollege));
  return [...(wantsCollege && viewer.collegeId ? [viewer.collegeId] : []), ...(wantsIdeas ? [IDEAS] : [])];
}

/**
 * Whether the viewer may be shown a document: what the query asks for (kind, topic, date), nothing
 * removed (a comment whose post is gone goes with it), nothing by a banned author, and nothing from
 * a student the viewer blocked or who blocked them. Blocks leave anonymous content alone, as the
 * boards do: hiding it would tell the viewer who wrote it.
 */
function keeper(
  index: SearchIndex,
  viewer: Viewer,
  query: SearchQuery,
  kinds: ReadonlySet<SearchKind>,
  now: number,
) {
  const since = query.since ? now - SEARCH_SINCE_MS[query.since] : null;
  return (doc: IndexedDoc): boolean => {
    if (!kinds.has(doc.kind)) return false;
    if (query.topicId !== undefined && doc.topicId !== query.topicId) return false;
    if (since !== null && (doc.createdAt === null || doc.createdAt < since)) return false;
    if (doc.kind === 'comment' && doc.postId && index.isGone('post', doc.postId)) return false;
    if (doc.kind === 'person' && doc.id === viewer.userId) return false;
    if (index.isBanned(doc.authorId, now)) return false;
    if (!doc.isAnonymous && index.blockedEitherWay(viewer.userId, doc.authorId)) return false;
    return true;
  };
}

const SNIPPET_LENGTH = 180;
/** Whitespace other than single spaces between words (line breaks, runs, ends), which a snippet flattens. */
const SPACED = /[^\S ]|  |^ | $/;
/** A character other than printable ASCII and whitespace: the text may hold accents to fold away. */
const NOT_ASCII = /[^\s!-~]/;

/**
 * Where the first of the matched `terms` (lower case, accents folded) is in `text`, 0 when none is.
 * Plain ASCII (most text) is searched without regard to case, with no lower-case copy of the whole
 * text made for each hit; only other text is decomposed to drop accents (accents folded away keep
 * one character per character only for precomposed letters: good enough to place a window).
 */
function firstTermAt(text: string, terms: string[]): number {
  if (terms.length === 0) return 0;
  if (!NOT_ASCII.test(text)) return new RegExp(terms.map(escapeRegExp).join('|'), 'i').exec(text)?.index ?? 0;
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  let first = -1;
  for (const term of terms) {
    const at = folded.indexOf(term);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return Math.max(first, 0);
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The part of `text` around its first matched word, whole words, with ellipses where cut. */
export function snippetOf(text: string, terms: string[]): string {
  const flat = SPACED.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const at = firstTermAt(flat, terms);
  let start = Math.max(0, at - 60);
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  let end = Math.min(flat.length, start + SNIPPET_LENGTH);
  if (end < flat.length) end = flat.lastIndexOf(' ', end) > start ? flat.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${sliceWhole(flat, start, end)}${end < flat.length ? '…' : ''}`;
}

function present(index: SearchIndex, match: Match): SearchHit {
  const { doc } = match;
  const user = index.users.get(doc.authorId);
  const person = doc.kind === 'person';
  // A comment is shown under its post's title; anonymity is the comment's own.
  const title = doc.kind === 'comment' ? (index.get('post', doc.postId ?? '')?.title ?? '') : doc.title;
  // One literal, keys in the order of the contract, so every hit has one shape.
  const hit: SearchHit = {
    kind: doc.kind,
    id: doc.id,
    postId: doc.postId,
    topicId: doc.topicId,
    isAnonymous: doc.isAnonymous,
    createdAt: doc.createdAt === null ? null : new Date(doc.createdAt).toISOString(),
    terms: match.terms,
    score: Math.round(match.score * 1000) / 1000,
    title,
    snippet: person ? '' : snippetOf(doc.text, match.terms),
    subtitle: person
      ? [user?.collegeName, user?.major, user?.graduationYear ? `Class of ${user.graduationYear}` : null]
          .filter(Boolean)
          .join(' · ') || null
      : null,
  };
  // Spelled out so an anonymous hit has no author key at all, not even undefined.
  if (!doc.isAnonymous && user)
    hit.author = {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      profileColor: user.profileColor,
      profileImageUrl: user.profileImageUrl,
    };
  return hit;
}

/**
 * GET /api/search: the viewer's matches, best first (relevance lifted by recency), a page at a
 * time; the cursor is the offset of the next page (results are ranked afresh on every call).
 */
export function search(
  index: SearchIndex,
  viewer: Viewer,
  query: SearchQuery,
  now = Date.now(),
): { hits: SearchHit[]; nextCursor: string | null } {
  const kinds = KINDS_OF[query.type];
  const offset = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : 0;
  // One more than the page: whether a next page exists.
  const matches = index.search(
    query.q,
    {
      partitions: partitionsFor(index, viewer, kinds),
      keep: keeper(index, viewer, query, kinds, now),
      want: offset + query.limit + 1,
    },
    now,
  );
  const page = matches.slice(offset, offset + query.limit);
  const next = offset + query.limit;
  return {
    hits: page.map((match) => present(index, match)),
    nextCursor: next < matches.length ? String(next) : null,
  };
}
