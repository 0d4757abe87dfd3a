import { type ListDef, normalizeSearchText, searchTermsFor } from '@quad/common';
import type { StatCounter, StatFactRecord } from '../models/stat-fact-model';
import type { UserRecord } from '../models/user-model';

/*
 * Auth's lists, kept by their repositories beside every write: every account (the admin panel's
 * table, newest first) and, per user and stat, the live facts behind the profile's stat cards.
 */

export const allUsers: ListDef<UserRecord> = { name: 'all', filter: {}, contains: () => true };

/** Every account, oldest first (read highest score first, so the score is the negated creation time). */
export const usersOldestFirst: ListDef<UserRecord> = {
  name: 'oldest',
  filter: {},
  contains: () => true,
  score: (user) => -new Date(user.createdAt).getTime(),
};

const NAME_KEY_LETTERS = 10;
const NAME_KEY_BASE = 39;

/**
 * A name as a number that sorts like the name's first ten characters (space, 0–9, a–z, then
 * anything else): a sorted set's score is a number, and ten base-39 digits stay exact in a double.
 */
export function nameSortKey(firstName: string, lastName: string): number {
  const name = normalizeSearchText(`${firstName} ${lastName}`);
  let key = 0;
  for (let i = 0; i < NAME_KEY_LETTERS; i++) {
    const char = name[i];
    let digit = 38;
    if (char === undefined) digit = 0;
    else if (char === ' ') digit = 1;
    else if (char >= '0' && char <= '9') digit = char.charCodeAt(0) - 46;
    else if (char >= 'a' && char <= 'z') digit = char.charCodeAt(0) - 85;
    key = key * NAME_KEY_BASE + digit;
  }
  return key;
}

/** Every account by name, A to Z (the negated name key: lists are read highest score first). */
export const usersByName: ListDef<UserRecord> = {
  name: 'by-name',
  filter: {},
  contains: () => true,
  score: (user) => -nameSortKey(user.firstName, user.lastName),
};

/**
 * A college's accounts, newest first: the admin users table filtered by college reads its own
 * list instead of reading every account to find the college's (a quarter of the campus each).
 */
export function usersOfCollege(collegeId: string): ListDef<UserRecord> {
  return {
    name: `college:${encodeURIComponent(collegeId)}`,
    filter: { collegeId },
    contains: (user) => user.collegeId === collegeId,
  };
}

/** Admin accounts, newest first: the admins' page and the last-admin check. */
export const adminAccounts: ListDef<UserRecord> = {
  name: 'admins',
  filter: { isAdmin: true },
  contains: (user) => user.isAdmin,
};

/** What the admin users search finds an account by: first name, last name, full name, e-mail. */
export function userSearchTerms(user: UserRecord): string[] {
  return searchTermsFor([user.firstName, user.lastName, `${user.firstName} ${user.lastName}`, user.email]);
}

export function statFactsOf(userId: string, counter: StatCounter): ListDef<StatFactRecord> {
  return {
    name: `user:${encodeURIComponent(userId)}:${counter}`,
    filter: { userId, counter, live: true },
    contains: (fact) => fact.userId === userId && fact.counter === counter && fact.live,
    score: (fact) => fact.sequence,
  };
}
