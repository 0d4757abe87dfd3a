import { createdNow, defineModel, required, versionField } from '@quad/common';
import mongoose, { type Model, type Types } from 'mongoose';

/**
 * One document per (post, viewer): the unique key makes a view count once, however often it is
 * sent. The key is also the _id (`<postId>:<viewerId>`) because FerretDB v1 (SQLite) pushes only a
 * lone `_id` equality down to an index; any other filter scans the whole collection.
 */
export interface PostViewDoc {
  _id: string;
  postId: Types.ObjectId;
  viewerId: string;
  viewedAt: Date;
  version: number;
}

export const postViewModel = defineModel<PostViewDoc>({
  name: 'PostView',
  collection: 'post_views',
  fields: {
    _id: required(String),
    postId: required(mongoose.Schema.Types.ObjectId),
    viewerId: required(String),
    viewedAt: createdNow(),
    version: versionField(),
  },
  indexes: [[{ postId: 1, viewerId: 1 }, { unique: true }]],
});

export const postViewId = (postId: Types.ObjectId | string, viewerId: string) => `${postId}:${viewerId}`;

export type PostViewModel = Model<PostViewDoc>;
