import type { z } from 'zod';
import {
  IDEA_NOT_FOUND,
  IDEA_OWN_INTEREST,
  type Idea,
  type IdeaComment,
  type IdeaInterestResponse,
  type IdeaStats,
  type InterestedStudent,
  LAUNCH_READY_STAGE,
  type createIdeaBodySchema,
  type createIdeaCommentBodySchema,
  type listIdeasQuerySchema,
} from '@quad/contracts';
import { type DirectoryEntry, HttpError, type ListDef, badRequest, isObjectId, notFound } from '@quad/common';
import type { IdeaCommentDoc } from '../models/idea-comment-model';
import { ideaInterestId } from '../models/idea-interest-model';
import type { IdeaDoc } from '../models/idea-model';
import {
  allIdeas,
  commentsOfIdea,
  ideasAtStage,
  ideasInCategory,
  ideasNeedingSkill,
  ideasSeekingCollaborators,
  interestIn,
} from './idea-lists';
import { type RankedIdea, matchesIdea, pageRanked } from './idea-query';
import type { IdeasPollsContext } from './ideas-polls-context';
import { ideaCreated, ideaDeleted } from './outgoing-events';
import { Types } from 'mongoose';
import { ideaPersonOf } from './people';
import { type Viewer, assertMayModify, authoredNow, canModify } from './viewer';

/*
 * The ideas hub: ideas are seen by every student of every college (so co-founders can find each
 * other anywhere), each with its author's name and college from the user directory. Comment and
 * interest counts are the sizes of each idea's lists, never stored counters.
 */

type ListIdeasQuery = z.output<typeof listIdeasQuerySchema>;

const COMMENT_NOT_FOUND = 'Comment not found';

async function findIdea(ctx: IdeasPollsContext, ideaId: string): Promise<IdeaDoc> {
  if (!isObjectId(ideaId)) throw notFound(IDEA_NOT_FOUND);
  const idea = await ctx.ideas.find(ideaId);
  if (!idea) throw notFound(IDEA_NOT_FOUND);
  return idea;
}

/** Comment and interest counts of many ideas, in one batch each. */
async function countsOf(
  ctx: IdeasPollsContext,
  ideas: IdeaDoc[],
): Promise<Array<{ commentsCount: number; interestedCount: number }>> {
  const ids = ideas.map((idea) => String(idea._id));
  const [comments, interest] = await Promise.all([
    ctx.ideaComments.countMany(ids.map(commentsOfIdea)),
    ctx.ideaInterests.countMany(ids.map(interestIn)),
  ]);
  return ids.map((_id, i) => ({ commentsCount: comments[i] ?? 0, interestedCount: interest[i] ?? 0 }));
}

async function presentIdeas(ctx: IdeasPollsContext, viewer: Viewer, ranked: RankedIdea[]): Promise<Idea[]> {
  const ids = ranked.map(({ idea }) => String(idea._id));
  const [authors, mine] = await Promise.all([
    ctx.directory.getMany([...new Set(ranked.map(({ idea }) => idea.authorId))]),
    ctx.ideaInterests.findMany(ids.map((id) => ideaInterestId(id, viewer.userId))),
  ]);
  return ranked.map(({ idea, commentsCount, interestedCount }, i) => ({
    id: String(idea._id),
    title: idea.title,
    description: idea.description,
    category: idea.category,
    stage: idea.stage,
    skillsNeeded: idea.skillsNeeded,
    ...authorFields(idea.authorId, authors),
    createdAt: idea.createdAt.toISOString(),
    commentsCount,
    interestedCount,
    isInterested: mine[i] != null,
    canDelete: canModify(viewer, idea.authorId),
  }));
}

/** Who wrote an idea or an idea comment, as the hub shows them. */
function authorFields(authorId: string, authors: Map<string, DirectoryEntry>) {
  const author = ideaPersonOf(authorId, authors.get(authorId));
  return {
    authorId,
    authorName: author.fullName,
    authorCollege: author.college,
    authorProfileColor: author.profileColor,
  };
}

async function presentWithCounts(ctx: IdeasPollsContext, viewer: Viewer, ideas: IdeaDoc[]): Promise<Idea[]> {
  const counts = await countsOf(ctx, ideas);
  return presentIdeas(
    ctx,
    viewer,
    ideas.map((idea, i) => ({ idea, ...counts[i]! })),
  );
}

/**
 * A page of the hub. Newest first with at most one filter is a page of that filter's list (keyset
 * in Redis); a search, several filters or a count-based sort read the narrowest list's ideas and
 * filter, rank and page them in memory (keyset on the rank).
 */
export async function listIdeas(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  query: ListIdeasQuery,
): Promise<{ ideas: Idea[]; nextCursor: string | null }> {
  const filterLists: Array<ListDef<IdeaDoc>> = [];
  if (query.category) filterLists.push(ideasInCategory(query.category));
  if (query.stage) filterLists.push(ideasAtStage(query.stage));
  if (query.skill) filterLists.push(ideasNeedingSkill(query.skill));
  if (!query.search && query.sort === 'recent' && filterLists.length <= 1) {
    const page = await ctx.ideas.page(filterLists[0] ?? allIdeas, {
      cursor: query.cursor,
      limit: query.limit,
    });
    return { ideas: await presentWithCounts(ctx, viewer, page.items), nextCursor: page.nextCursor };
  }
  let source = allIdeas;
  if (filterLists.length > 0) {
    const sizes = await ctx.ideas.countMany(filterLists);
    source = filterLists[sizes.indexOf(Math.min(...sizes))]!;
  }
  const matching = (await ctx.ideas.all(source)).filter((idea) => matchesIdea(idea, query));
  const counts = query.sort === 'recent' ? null : await countsOf(ctx, matching);
  const ranked = matching.map((idea, i) => ({
    idea,
    ...(counts?.[i] ?? { commentsCount: 0, interestedCount: 0 }),
  }));
  const page = pageRanked(ranked, query.sort, { cursor: query.cursor, limit: query.limit });
  // Recent pages were ranked without counts: fetch them for the page only.
  const shown = counts
    ? page.items
    : (
        await countsOf(
          ctx,
          page.items.map((item) => item.idea),
        )
      ).map((c, i) => ({ ...page.items[i]!, ...c }));
  return { ideas: await presentIdeas(ctx, viewer, shown), nextCursor: page.nextCursor };
}

/** The hub's three stats, from list sizes. */
export async function ideaStats(ctx: IdeasPollsContext): Promise<IdeaStats> {
  const [totalIdeas, launchReady, seekingCollaborators] = await ctx.ideas.countMany([
    allIdeas,
    ideasAtStage(LAUNCH_READY_STAGE),
    ideasSeekingCollaborators,
  ]);
  return {
    totalIdeas: totalIdeas ?? 0,
    launchReady: launchReady ?? 0,
    seekingCollaborators: seekingCollaborators ?? 0,
  };
}

export async function getIdea(ctx: IdeasPollsContext, viewer: Viewer, ideaId: string): Promise<Idea> {
  const idea = await findIdea(ctx, ideaId);
  return (await presentWithCounts(ctx, viewer, [idea]))[0]!;
}

export async function createIdea(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  body: z.output<typeof createIdeaBodySchema>,
): Promise<Idea> {
  const fields = {
    _id: new Types.ObjectId(),
    title: body.title,
    description: body.description,
    category: body.category,
    stage: body.stage,
    skillsNeeded: body.skillsNeeded,
    ...authoredNow(viewer),
  };
  const idea = await ctx.ideas.insert(fields, [ideaCreated({ ...fields, version: 0 })]);
  const id = String(idea._id);
  // A new idea has no comments or interest yet: its first reader need not scan for them.
  await Promise.all([
    ctx.ideaComments.markEmpty(commentsOfIdea(id)),
    ctx.ideaInterests.markEmpty(interestIn(id)),
  ]);
  return (await presentIdeas(ctx, viewer, [{ idea, commentsCount: 0, interestedCount: 0 }]))[0]!;
}

/** The author or an admin deletes an idea; its comments and interest go with it. */
export async function deleteIdea(ctx: IdeasPollsContext, viewer: Viewer, ideaId: string): Promise<void> {
  const idea = await findIdea(ctx, ideaId);
  assertMayModify(viewer, idea.authorId, 'You can only delete your own ideas.');
  await ctx.ideas.remove(idea._id, (removed) => [ideaDeleted(removed)]);
  await removeIdeaRemains(ctx, String(idea._id));
}

/** Removes a deleted idea's comments and interest (again, if a comment raced the delete). */
async function removeIdeaRemains(ctx: IdeasPollsContext, ideaId: string): Promise<void> {
  const [comments, interests] = await Promise.all([
    ctx.ideaComments.all(commentsOfIdea(ideaId)),
    ctx.ideaInterests.all(interestIn(ideaId)),
  ]);
  await Promise.all([
    ...comments.map((comment) => ctx.ideaComments.remove(comment._id)),
    ...interests.map((interest) => ctx.ideaInterests.remove(interest._id)),
  ]);
  await Promise.all([
    ctx.ideaComments.dropList(commentsOfIdea(ideaId)),
    ctx.ideaInterests.dropList(interestIn(ideaId)),
  ]);
}

async function presentComments(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  comments: IdeaCommentDoc[],
): Promise<IdeaComment[]> {
  const authors = await ctx.directory.getMany([...new Set(comments.map((comment) => comment.authorId))]);
  return comments.map((comment) => ({
    id: String(comment._id),
    ideaId: comment.ideaId,
    content: comment.content,
    ...authorFields(comment.authorId, authors),
    createdAt: comment.createdAt.toISOString(),
    canDelete: canModify(viewer, comment.authorId),
  }));
}

/** An idea's comments, oldest first. */
export async function listIdeaComments(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  ideaId: string,
): Promise<IdeaComment[]> {
  const idea = await findIdea(ctx, ideaId);
  const comments = await ctx.ideaComments.all(commentsOfIdea(String(idea._id)));
  comments.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (String(a._id) < String(b._id) ? -1 : 1),
  );
  return presentComments(ctx, viewer, comments);
}

export async function createIdeaComment(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  ideaId: string,
  body: z.output<typeof createIdeaCommentBodySchema>,
): Promise<IdeaComment> {
  const idea = await findIdea(ctx, ideaId);
  const id = String(idea._id);
  const comment = await ctx.ideaComments.insert({
    ideaId: id,
    content: body.content,
    ...authoredNow(viewer),
  });
  if (!(await ctx.ideas.find(id))) {
    // The idea was deleted meanwhile: take the comment back rather than leave it behind.
    await ctx.ideaComments.remove(comment._id);
    throw notFound(IDEA_NOT_FOUND);
  }
  return (await presentComments(ctx, viewer, [comment]))[0]!;
}

/** The comment's author or an admin deletes it. */
export async function deleteIdeaComment(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  ideaId: string,
  commentId: string,
): Promise<void> {
  const idea = await findIdea(ctx, ideaId);
  const comment = isObjectId(commentId) ? await ctx.ideaComments.find(commentId) : null;
  if (!comment || comment.ideaId !== String(idea._id)) throw notFound(COMMENT_NOT_FOUND);
  assertMayModify(viewer, comment.authorId, 'You can only delete your own comments.');
  await ctx.ideaComments.remove(comment._id);
}

/** 'I'm interested': once per student and idea however often it is sent; never in one's own idea. */
export async function expressInterest(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  ideaId: string,
): Promise<IdeaInterestResponse> {
  const idea = await findIdea(ctx, ideaId);
  const id = String(idea._id);
  if (idea.authorId === viewer.userId) throw badRequest(IDEA_OWN_INTEREST);
  try {
    await ctx.ideaInterests.insert({
      _id: ideaInterestId(id, viewer.userId),
      ideaId: id,
      userId: viewer.userId,
      createdAt: new Date(),
    });
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
  }
  if (!(await ctx.ideas.find(id))) {
    await ctx.ideaInterests.remove(ideaInterestId(id, viewer.userId));
    throw notFound(IDEA_NOT_FOUND);
  }
  return { isInterested: true, interestedCount: await ctx.ideaInterests.count(interestIn(id)) };
}

export async function withdrawInterest(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  ideaId: string,
): Promise<IdeaInterestResponse> {
  const idea = await findIdea(ctx, ideaId);
  const id = String(idea._id);
  await ctx.ideaInterests.remove(ideaInterestId(id, viewer.userId));
  return { isInterested: false, interestedCount: await ctx.ideaInterests.count(interestIn(id)) };
}

/** Who is interested, newest first: only for the idea's author (and admins), who can then message each. */
export async function listInterestedStudents(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  ideaId: string,
): Promise<InterestedStudent[]> {
  const idea = await findIdea(ctx, ideaId);
  assertMayModify(viewer, idea.authorId, 'Only the author of this idea can see who is interested.');
  const interests = await ctx.ideaInterests.all(interestIn(String(idea._id)));
  interests.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const people = await ctx.directory.getMany(interests.map((interest) => interest.userId));
  return interests.map((interest) => {
    const person = ideaPersonOf(interest.userId, people.get(interest.userId));
    return {
      userId: interest.userId,
      firstName: person.firstName,
      lastName: person.lastName,
      college: person.college,
      profileColor: person.profileColor,
      interestedAt: interest.createdAt.toISOString(),
    };
  });
}
