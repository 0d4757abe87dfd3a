/**
 * A synthetic campus corpus for the search benches, the same on every run (seeded): posts and
 * comments over 4 colleges, words drawn Zipf-like from a vocabulary of real campus words and made
 * up ones (as names, course codes and slang are), and queries of 1-3 words taken from a document,
 * a third of them with one typo, each remembering the document it came from (for recall).
 */

export interface CorpusDoc {
  id: string;
  kind: 'post' | 'comment';
  collegeId: string;
  authorId: string;
  isAnonymous: boolean;
  title: string;
  text: string;
  postId: string | null;
  topicId: number;
  createdAt: string;
}

export interface CorpusQuery {
  q: string;
  collegeId: string;
  typo: boolean;
  /** The document the words were taken from. */
  sourceId: string;
}

export const COLLEGES = ['bench-c1', 'bench-c2', 'bench-c3', 'bench-c4'] as const;

/** mulberry32: a small seeded generator, so every run indexes and asks the same. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CAMPUS_WORDS =
  `calculator textbook apartment roommate sublet library lecture midterm final exam professor
seminar tutoring homework assignment deadline internship resume interview recruiter startup founder rideshare airport
bicycle scooter parking shuttle dining cafeteria coffee espresso pizza burrito vegan brunch dorm housing lease furniture
mattress couch desk lamp monitor laptop charger headphones keyboard guitar piano drums concert festival party formal
basketball soccer volleyball tennis swimming running marathon yoga climbing hiking camping kayak ski snowboard club
society volunteer fundraiser hackathon robotics chemistry physics biology calculus statistics economics philosophy
history literature poetry theater film photography design architecture engineering computer science programming python
javascript database algorithms machine learning research laboratory thesis advisor scholarship financial aid tuition
graduation commencement orientation freshman sophomore junior senior alumni career fair networking mentor friendship
lost found wallet keys umbrella jacket backpack water bottle notebook printer scanner wifi network password account
election council senate debate newsletter podcast radio journalism magazine campus quad garden greenhouse recycling
sustainability climate energy solar transit subway ticket concert museum gallery volunteer shelter tutoring language
spanish french mandarin japanese korean german arabic italian exchange abroad semester summer winter spring break`
    .split(/\s+/)
    .filter(Boolean);

const FUNCTION_WORDS = `the a to and of for in is i my it on with anyone this that at be have you are from
  or if me so can just but not we will by was about any what some`.split(/\s+/);

function madeUpWords(random: () => number, count: number): string[] {
  const onsets = [
    'b',
    'br',
    'c',
    'ch',
    'd',
    'f',
    'g',
    'gr',
    'h',
    'j',
    'k',
    'l',
    'm',
    'n',
    'p',
    'pr',
    'qu',
    'r',
    's',
    'st',
    't',
    'tr',
    'v',
    'w',
    'z',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io'];
  const codas = ['', 'n', 'r', 's', 'l', 'm', 'nd', 'st', 'rk', 'x'];
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = 2 + Math.floor(random() * 2);
    let word = '';
    for (let i = 0; i < syllables; i++) {
      word +=
        onsets[Math.floor(random() * onsets.length)]! +
        vowels[Math.floor(random() * vowels.length)]! +
        (i === syllables - 1 ? codas[Math.floor(random() * codas.length)]! : '');
    }
    words.add(word);
  }
  return [...words];
}

/** Zipf-like: rank r drawn with weight 1/(r+1)^0.9, by inverse transform over the cumulative table. */
function zipfSampler(random: () => number, size: number): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) {
    total += 1 / Math.pow(r + 1, 0.9);
    cumulative[r] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export interface Corpus {
  docs: CorpusDoc[];
  users: Array<{ id: string; collegeId: string; firstName: string; lastName: string }>;
}

/** A corpus user as the user directory's events carry them (published to the service, or put straight into an index in process). */
export function directoryUserOf(user: Corpus['users'][number]) {
  return {
    userId: user.id,
    version: 0,
    firstName: user.firstName,
    lastName: user.lastName,
    email: null,
    profileColor: '#3B82F6',
    profileImageUrl: null,
    collegeId: user.collegeId,
    collegeName: user.collegeId,
    collegeInitials: 'BC',
    major: 'Benchmarks',
    graduationYear: 2027,
    isAdmin: false,
  };
}

/** A corpus document as the search index takes it in process (its college is its partition). */
export function indexedDocOf(doc: CorpusDoc) {
  return {
    kind: doc.kind,
    id: doc.id,
    partition: doc.collegeId,
    authorId: doc.authorId,
    isAnonymous: doc.isAnonymous,
    title: doc.title,
    text: doc.text,
    topicId: doc.kind === 'post' ? doc.topicId : null,
    postId: doc.postId,
    createdAt: Date.parse(doc.createdAt),
    version: 0,
  };
}

export function makeCorpus(count: number, seed = 24): Corpus {
  const random = seeded(seed);
  const content = [...CAMPUS_WORDS, ...madeUpWords(random, 12_000)];
  // Shuffled so the real words spread over common and rare ranks alike; function words first, as
  // in any English text (the index leaves them out).
  for (let i = content.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [content[i], content[j]] = [content[j]!, content[i]!];
  }
  const vocabulary = [...FUNCTION_WORDS, ...content];
  const rank = zipfSampler(random, vocabulary.length);
  const words = (n: number) => Array.from({ length: n }, () => vocabulary[rank()]!).join(' ');
  const hex = (n: number) => n.toString(16).padStart(24, '0');

  const users = Array.from({ length: 2000 }, (_, i) => ({
    id: hex(0xa0000000 + i),
    collegeId: COLLEGES[i % COLLEGES.length]!,
    firstName: vocabulary[(i * 7) % vocabulary.length]!.replace(/^./, (c) => c.toUpperCase()),
    lastName: vocabulary[(i * 13 + 5) % vocabulary.length]!.replace(/^./, (c) => c.toUpperCase()),
  }));
  const start = Date.parse('2026-01-01T00:00:00Z');
  const docs: CorpusDoc[] = [];
  const postsOf = new Map<string, CorpusDoc[]>();
  for (let i = 0; i < count; i++) {
    const author = users[Math.floor(random() * users.length)]!;
    const collegePosts = postsOf.get(author.collegeId) ?? [];
    const isComment = i >= 100 && random() < 0.4 && collegePosts.length > 0;
    const createdAt = new Date(start + Math.floor((i / count) * 300 * 86_400_000)).toISOString();
    if (isComment) {
      const post = collegePosts[Math.floor(random() * collegePosts.length)]!;
      docs.push({
        id: hex(0xc0000000 + i),
        kind: 'comment',
        collegeId: author.collegeId,
        authorId: author.id,
        isAnonymous: random() < 0.1,
        title: '',
        text: words(8 + Math.floor(random() * 22)),
        postId: post.id,
        topicId: post.topicId,
        createdAt,
      });
    } else {
      const post: CorpusDoc = {
        id: hex(0xb0000000 + i),
        kind: 'post',
        collegeId: author.collegeId,
        authorId: author.id,
        isAnonymous: random() < 0.1,
        title: words(4 + Math.floor(random() * 5)),
        text: words(15 + Math.floor(random() * 45)),
        postId: null,
        topicId: 1 + Math.floor(random() * 10),
        createdAt,
      };
      docs.push(post);
      collegePosts.push(post);
      postsOf.set(author.collegeId, collegePosts);
    }
  }
  return { docs, users };
}

/** One letter of a word of five or more changed (a neighbour's key would do as well). */
function withTypo(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let replacement = word[at]!;
  while (replacement === word[at]) replacement = letters[Math.floor(random() * letters.length)]!;
  return word.slice(0, at) + replacement + word.slice(at + 1);
}

export function makeQueries(docs: readonly CorpusDoc[], count: number, seed = 2024): CorpusQuery[] {
  const random = seeded(seed);
  const queries: CorpusQuery[] = [];
  while (queries.length < count) {
    const doc = docs[Math.floor(random() * docs.length)]!;
    const text = `${doc.title} ${doc.text}`.split(' ').filter((word) => word.length >= 4);
    const length = 1 + Math.floor(random() * 3);
    if (text.length < length) continue;
    const at = Math.floor(random() * (text.length - length + 1));
    const picked = text.slice(at, at + length);
    const typo = queries.length % 3 === 2;
    if (typo) {
      const candidates = picked.map((word, i) => [word, i] as const).filter(([word]) => word.length >= 5);
      if (candidates.length === 0) continue;
      const [word, i] = candidates[Math.floor(random() * candidates.length)]!;
      picked[i] = withTypo(word, random);
    }
    queries.push({ q: picked.join(' '), collegeId: doc.collegeId, typo, sourceId: doc.id });
  }
  return queries;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
