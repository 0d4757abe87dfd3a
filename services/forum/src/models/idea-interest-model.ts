import { createdNow, defineModel, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * "I'm interested": one document per (idea, student) under the `_id` `<ideaId>:<userId>`, so saying
 * it twice, from any process, stores it once (FerretDB pushes only `_id` lookups down to an index).
 */
export interface IdeaInterestDoc {
  _id: string;
  ideaId: string;
  userId: string;
  createdAt: Date;
  version: number;
}

export const ideaInterestModel = defineModel<IdeaInterestDoc>({
  name: 'IdeaInterest',
  collection: 'idea_interests',
  fields: {
    _id: required(String),
    ideaId: required(String),
    userId: required(String),
    createdAt: createdNow(),
    version: versionField(),
  },
});

export const ideaInterestId = (ideaId: string, userId: string) => `${ideaId}:${userId}`;

export type IdeaInterestModel = Model<IdeaInterestDoc>;
