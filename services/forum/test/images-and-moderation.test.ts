import { MAX_UPLOAD_BYTES, type Post } from '@quad/contracts';
import { NOT_AN_IMAGE } from '@quad/common';
import { Types } from 'mongoose';
import sharp from 'sharp';
import {
  type ForumKit,
  type TestUser,
  bearer,
  createPost,
  makeUser,
  publishedEvent,
  request,
  seenPost,
  startForumKit,
} from './forum-test-kit';

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('forum post images and moderation', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let grace: TestUser;

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, grace] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace' }),
    ]);
  });

  afterAll(() => kit.stop());

  describe('images', () => {
    test('when a post is created with a PNG, then it is stored in object storage as WebP under /media/posts/<uuid>.webp', async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3B82F6' } })
        .png()
        .toBuffer();
      const response = await request(kit.app)
        .post('/api/posts')
        .set(bearer(ada.token))
        .field('title', 'Sunset over the quad')
        .field('content', 'Taken this evening.')
        .field('topicId', '3')
        .field('isAnonymous', 'false')
        // The declared name and type are ignored; the bytes decide.
        .attach('image', png, { filename: 'photo.jpg', contentType: 'image/jpeg' });
      expect(response.status).toBe(201);
      const post = response.body as Post;
      expect(post.imageUrl).toMatch(/^\/media\/posts\/[0-9a-f-]{36}\.webp$/);

      const stored = await kit.ctx.media.get(post.imageUrl!.replace('/media/', ''));
      expect(stored.contentType).toBe('image/webp');
      const metadata = await sharp(await streamToBuffer(stored.stream)).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });
    });

    test('when the upload is not an image, then 400 says so and no post is created', async () => {
      const before = await kit.ctx.models.Post.countDocuments();
      const response = await request(kit.app)
        .post('/api/posts')
        .set(bearer(ada.token))
        .field('title', 'Totally a picture')
        .field('content', 'Trust me')
        .field('topicId', '1')
        .attach('image', Buffer.from('#!/bin/sh\necho not an image\n'), {
          filename: 'cat.png',
          contentType: 'image/png',
        });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(NOT_AN_IMAGE);
      expect(await kit.ctx.models.Post.countDocuments()).toBe(before);
    });

    test('when the upload is larger than 5 MB, then 413', async () => {
      const response = await request(kit.app)
        .post('/api/posts')
        .set(bearer(ada.token))
        .field('title', 'Huge')
        .field('content', 'Too big')
        .field('topicId', '1')
        .attach('image', Buffer.alloc(MAX_UPLOAD_BYTES + 1024), {
          filename: 'big.png',
          contentType: 'image/png',
        });
      expect(response.status).toBe(413);
    });

    test('when a post with an image is deleted, then its image is removed from storage', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#10B981' } })
        .png()
        .toBuffer();
      const created = await request(kit.app)
        .post('/api/posts')
        .set(bearer(ada.token))
        .field('title', 'Short-lived')
        .field('content', 'Gone soon')
        .field('topicId', '1')
        .attach('image', png, 'tiny.png');
      expect(created.status).toBe(201);
      const key = (created.body as Post).imageUrl!.replace('/media/', '');
      await request(kit.app).delete(`/api/posts/${created.body.id}`).set(bearer(ada.token)).expect(200);
      await expect(kit.ctx.media.get(key)).rejects.toMatchObject({
        code: expect.stringMatching(/NotFound|NoSuchKey/),
      });
    });
  });

  describe('moderation', () => {
    test('when moderation removes a reported post, then the post and its comments are deleted and forum.post.deleted is published', async () => {
      const post = await createPost(kit, ada, { title: 'Reported post' });
      const reply = await request(kit.app)
        .post('/api/comments')
        .set(bearer(grace.token))
        .send({ postId: post.id, content: 'Reply' });
      expect(reply.status).toBe(201);

      await kit.runtime.publisher.publish('moderation.content.removed', {
        type: 'post',
        contentId: post.id,
        removedBy: new Types.ObjectId().toHexString(),
      });

      // The post goes first (announced once it is gone), then each comment, each announced too.
      await publishedEvent(kit, 'forum.post.deleted', (data) => data.postId === post.id);
      await publishedEvent(kit, 'forum.comment.deleted', (data) => data.commentId === reply.body.id);
      expect(await kit.ctx.models.Post.findById(post.id).lean()).toBeNull();
      expect(await kit.ctx.models.Comment.countDocuments({ postId: post.id })).toBe(0);
      const feed = await request(kit.app).get('/api/posts?topicId=1').set(bearer(grace.token));
      expect((feed.body as Post[]).some((p) => p.id === post.id)).toBe(false);
    });

    test('when moderation removes a reported comment, then only that comment is deleted and the post count follows', async () => {
      const post = await createPost(kit, ada);
      const kept = await request(kit.app)
        .post('/api/comments')
        .set(bearer(grace.token))
        .send({ postId: post.id, content: 'Kind' });
      const removed = await request(kit.app)
        .post('/api/comments')
        .set(bearer(grace.token))
        .send({ postId: post.id, content: 'Rude' });

      await kit.runtime.publisher.publish('moderation.content.removed', {
        type: 'comment',
        contentId: removed.body.id,
        removedBy: new Types.ObjectId().toHexString(),
      });

      await publishedEvent(kit, 'forum.comment.deleted', (data) => data.commentId === removed.body.id);
      expect(await kit.ctx.models.Comment.findById(removed.body.id).lean()).toBeNull();
      expect(await kit.ctx.models.Comment.findById(kept.body.id).lean()).not.toBeNull();
      expect(await seenPost(kit, grace, post.id)).toMatchObject({ commentCount: 1 });
    });
  });
});
