import { defineModel, required } from '@quad/common';
import type { Model } from 'mongoose';

/** A board. Ids are small numbers (1..n) because the web and polls (`topicId: 1`) address them so. */
export interface TopicDoc {
  _id: number;
  name: string;
  icon: string;
  color: string;
}

export const topicModel = defineModel<TopicDoc>({
  name: 'Topic',
  collection: 'topics',
  fields: {
    _id: required(Number),
    name: required(String),
    icon: required(String),
    color: required(String),
  },
});

export type TopicModel = Model<TopicDoc>;
