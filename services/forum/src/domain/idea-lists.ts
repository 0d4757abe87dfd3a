import type { ListDef } from '@quad/common';
import type { IdeaCategory, IdeaSkill, IdeaStage } from '@quad/contracts';
import type { IdeaCommentDoc } from '../models/idea-comment-model';
import type { IdeaDoc } from '../models/idea-model';
import type { IdeaInterestDoc } from '../models/idea-interest-model';

/*
 * The ideas hub's lists, kept by their repositories beside every write. They serve the pages
 * (every idea, newest first; one category, stage or skill) and are the one source of its counts:
 * the hub's stats are list sizes, an idea's comment and interest counts are the sizes of its
 * comment and interest lists. Nothing is ever counted with `$inc`.
 */

const key = (value: string) => encodeURIComponent(value);

export const allIdeas: ListDef<IdeaDoc> = { name: 'ideas:all', filter: {}, contains: () => true };

export function ideasInCategory(category: IdeaCategory): ListDef<IdeaDoc> {
  return { name: `ideas:category:${key(category)}`, filter: { category }, contains: (idea) => idea.category === category };
}

export function ideasAtStage(stage: IdeaStage): ListDef<IdeaDoc> {
  return { name: `ideas:stage:${key(stage)}`, filter: { stage }, contains: (idea) => idea.stage === stage };
}

export function ideasNeedingSkill(skill: IdeaSkill): ListDef<IdeaDoc> {
  return { name: `ideas:skill:${key(skill)}`, filter: { skillsNeeded: skill }, contains: (idea) => idea.skillsNeeded.includes(skill) };
}

/** Ideas that name at least one skill they need: the 'Seeking Collaborators' stat. */
export const ideasSeekingCollaborators: ListDef<IdeaDoc> = {
  name: 'ideas:seeking',
  filter: {},
  contains: (idea) => idea.skillsNeeded.length > 0,
};

export function listsOfIdea(idea: IdeaDoc): Array<ListDef<IdeaDoc>> {
  const lists = [allIdeas, ideasInCategory(idea.category), ideasAtStage(idea.stage), ...idea.skillsNeeded.map(ideasNeedingSkill)];
  if (idea.skillsNeeded.length > 0) lists.push(ideasSeekingCollaborators);
  return lists;
}

export function commentsOfIdea(ideaId: string): ListDef<IdeaCommentDoc> {
  return { name: `idea:${ideaId}:comments`, filter: { ideaId }, contains: (comment) => comment.ideaId === ideaId };
}

export function interestIn(ideaId: string): ListDef<IdeaInterestDoc> {
  return { name: `idea:${ideaId}:interest`, filter: { ideaId }, contains: (interest) => interest.ideaId === ideaId };
}
