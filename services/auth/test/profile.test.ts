import type { Readable } from 'node:stream';
import sharp from 'sharp';
import request from 'supertest';
import { MAX_UPLOAD_BYTES, profileSchema, userSchema } from '@quad/contracts';
import { NOT_AN_IMAGE } from '@quad/common';
import { bearer, waitFor } from '@quad/common/src/testing';
import { type AuthTestApp, registerStudent, startAuthApp } from './auth-test-app';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const PHOTO_URL = /^\/media\/profiles\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

describe('profile', () => {
  let auth: AuthTestApp;

  beforeAll(async () => {
    auth = await startAuthApp({}, { consumers: true });
  });
  afterAll(() => auth.close());

  const storedObject = async (url: string) =>
    readAll((await auth.deps.media.get(url.replace(/^\/media\//, ''))).stream);
  const objectExists = (url: string) =>
    auth.deps.media.client.statObject(auth.deps.media.bucket, url.replace(/^\/media\//, '')).then(
      () => true,
      () => false,
    );
  const uploadPhoto = (token: string, photo: Buffer, filename = 'photo.jpg') =>
    request(auth.app).post('/api/profile/update').set(bearer(token)).attach('profileImage', photo, filename);

  describe('POST /api/complete-profile', () => {
    test('when a student completes their names, then the trimmed names are saved and the user returned', async () => {
      const { token, user } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/complete-profile')
        .set(bearer(token))
        .send({ firstName: '  Katherine ', lastName: 'Johnson ' });

      expect(response.status).toBe(200);
      expect(userSchema.parse(response.body)).toMatchObject({
        id: user.id,
        firstName: 'Katherine',
        lastName: 'Johnson',
      });
      const me = await request(auth.app).get('/api/auth/user').set(bearer(token));
      expect(me.body).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson' });
    });

    test('when names carry a bidirectional override or zero-width space, then they are saved without them; a NUL is refused', async () => {
      const { token } = await registerStudent(auth.app);
      const response = await request(auth.app).post('/api/complete-profile').set(bearer(token)).send({ firstName: 'Kath\u202Eerine', lastName: '\u200BJohnson' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson' });
      const refused = await request(auth.app).post('/api/complete-profile').set(bearer(token)).send({ firstName: 'Kat\u0000', lastName: 'J' });
      expect(refused.status).toBe(400);
      const update = await request(auth.app).post('/api/profile/update').set(bearer(token)).field('firstName', '\u2067Kat').field('lastName', 'J\u200Dohnson');
      expect(update.status).toBe(200);
      expect(update.body).toMatchObject({ firstName: 'Kat', lastName: 'Johnson' });
    });

    test('when a name is blank, then 400 asking for both names', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/complete-profile')
        .set(bearer(token))
        .send({ firstName: 'Kat', lastName: '  ' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Please enter both your first and last name.' });
    });

    test('when nobody is signed in, then 401', async () => {
      const response = await request(auth.app)
        .post('/api/complete-profile')
        .send({ firstName: 'A', lastName: 'B' });

      expect(response.status).toBe(401);
    });
  });

  describe('GET /api/profile', () => {
    test('when a new student opens their profile, then it shows their college, badges and zero stats', async () => {
      const { token, user } = await registerStudent(auth.app);

      const response = await request(auth.app).get('/api/profile').set(bearer(token));

      expect(response.status).toBe(200);
      expect(profileSchema.parse(response.body)).toEqual({
        id: user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: user.email,
        bio: '',
        major: '',
        graduationYear: null,
        interests: [],
        profileColor: '#3B82F6',
        profileImageUrl: null,
        isVerified: true,
        isAdmin: false,
        collegeName: 'Massachusetts Institute of Technology',
        collegeInitials: 'MIT',
        stats: { totalPosts: 0, totalComments: 0, totalFriends: 0 },
      });
    });

    test('when forum and social events arrive, then the stat cards count them (and a repeated event once)', async () => {
      const { token, user } = await registerStudent(auth.app);
      const friend = await registerStudent(auth.app);
      const post = { authorId: user.id, collegeId: '1', topicId: 1 };
      const { publisher } = auth.runtime;
      await publisher.publish('forum.post.created', { ...post, postId: 'p1' });
      await publisher.publish('forum.post.created', { ...post, postId: 'p2' });
      await publisher.publish('forum.post.deleted', { ...post, postId: 'p2' });
      await publisher.publish('forum.comment.created', {
        commentId: 'c1',
        postId: 'p1',
        authorId: user.id,
        collegeId: '1',
      });
      await publisher.publish(
        'forum.comment.created',
        { commentId: 'c2', postId: 'p1', authorId: user.id, collegeId: '1' },
        'same-comment-event',
      );
      await publisher.publish(
        'forum.comment.created',
        { commentId: 'c2', postId: 'p1', authorId: user.id, collegeId: '1' },
        'same-comment-event',
      );
      await publisher.publish('social.friendship.created', { userIds: [user.id, friend.user.id] });

      const stats = await waitFor(async () => {
        const response = await request(auth.app).get('/api/profile').set(bearer(token));
        const s = response.body.stats;
        return s.totalPosts === 1 && s.totalComments === 2 && s.totalFriends === 1 ? s : null;
      });

      expect(stats).toEqual({ totalPosts: 1, totalComments: 2, totalFriends: 1 });
      const friendProfile = await waitFor(async () => {
        const response = await request(auth.app).get('/api/profile').set(bearer(friend.token));
        return response.body.stats.totalFriends === 1 ? response.body : null;
      });
      expect(friendProfile.stats.totalFriends).toBe(1);
    });
  });

  describe('POST /api/profile/update', () => {
    test('when the body is a JSON array, then 400 (it is not read as a form)', async () => {
      const { token } = await registerStudent(auth.app);
      const response = await request(auth.app).post('/api/profile/update').set(bearer(token)).send([null, true, [-4.2e-168, 'B', true]]);
      expect(response.status).toBe(400);
    });

    test('when the full edit is sent as multipart fields, then every field is saved and shown on the profile', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/profile/update')
        .set(bearer(token))
        .field('firstName', 'Ada')
        .field('lastName', 'King')
        .field('bio', '  Analyst of engines. ')
        .field('major', 'Mathematics')
        .field('graduationYear', '2027')
        .field('interests', JSON.stringify(['Science', 'Writing', 'Science']))
        .field('profileColor', '#8B5CF6');

      expect(response.status).toBe(200);
      expect(userSchema.parse(response.body)).toMatchObject({ lastName: 'King', profileColor: '#8B5CF6' });
      const profile = await request(auth.app).get('/api/profile').set(bearer(token));
      expect(profile.body).toMatchObject({
        lastName: 'King',
        bio: 'Analyst of engines.',
        major: 'Mathematics',
        graduationYear: 2027,
        interests: ['Science', 'Writing'],
        profileColor: '#8B5CF6',
      });
    });

    test('when only a colour is sent, then only the colour changes', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/profile/update')
        .set(bearer(token))
        .field('profileColor', '#14B8A6');

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        profileColor: '#14B8A6',
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
    });

    test('when a browser sends the bio with CRLF line breaks, then it is stored with LF and its length counted as typed', async () => {
      const { token } = await registerStudent(auth.app);
      const typed = 'line\n'.repeat(99) + 'last.';
      expect(typed).toHaveLength(500);

      const response = await request(auth.app).post('/api/profile/update').set(bearer(token)).field('bio', typed.replace(/\n/g, '\r\n'));

      expect(response.status).toBe(200);
      const profile = await request(auth.app).get('/api/profile').set(bearer(token));
      expect(profile.body.bio).toBe(typed);
    });

    test('when the graduation year is cleared, then it is stored as none', async () => {
      const { token } = await registerStudent(auth.app);
      await request(auth.app).post('/api/profile/update').set(bearer(token)).field('graduationYear', '2026');

      await request(auth.app).post('/api/profile/update').set(bearer(token)).field('graduationYear', '');

      const profile = await request(auth.app).get('/api/profile').set(bearer(token));
      expect(profile.body.graduationYear).toBeNull();
    });

    test.each([
      [
        'the colour is not one of the eight',
        { profileColor: '#123456' },
        'Please choose one of the profile colours.',
      ],
      ['interests are not JSON', { interests: 'Science, Music' }, 'Interests must be chosen from the list.'],
      [
        'an interest is not on the list',
        { interests: '["Science","Knitting"]' },
        'Interests must be chosen from the list.',
      ],
      [
        'the graduation year is not a year',
        { graduationYear: '20x7' },
        'Graduation year must be a 4-digit year.',
      ],
      ['the graduation year is 1800', { graduationYear: '1800' }, 'Graduation year must be between 1950 and 2100.'],
      ['the graduation year is 0000', { graduationYear: '0000' }, 'Graduation year must be between 1950 and 2100.'],
      [
        'the first name is blank',
        { firstName: ' ', lastName: 'King' },
        'First name and last name are required',
      ],
      ['a name is longer than 50 characters', { firstName: 'A'.repeat(51), lastName: 'King' }, 'Names must be at most 50 characters.'],
      ['the bio is longer than 500 characters', { bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters.'],
      ['the major is longer than 100 characters', { major: 'x'.repeat(101) }, 'Major must be at most 100 characters.'],
    ])('when %s, then 400 with its message and nothing changes', async (_case, fields, message) => {
      const { token } = await registerStudent(auth.app);
      let call = request(auth.app).post('/api/profile/update').set(bearer(token));
      for (const [name, value] of Object.entries(fields)) call = call.field(name, value);

      const response = await call;

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
      const me = await request(auth.app).get('/api/auth/user').set(bearer(token));
      expect(me.body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', profileColor: '#3B82F6' });
    });

    test('when a JPEG with EXIF is uploaded, then a re-encoded WebP without metadata is stored and linked', async () => {
      const { token } = await registerStudent(auth.app);
      const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ff6600' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'GPS 42.36N 71.09W', Artist: 'Ada' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();

      const response = await uploadPhoto(token, jpeg, 'me.jpg');

      expect(response.status).toBe(200);
      expect(response.body.profileImageUrl).toMatch(PHOTO_URL);
      const stored = await storedObject(response.body.profileImageUrl);
      expect(stored.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(stored.subarray(8, 12).toString('ascii')).toBe('WEBP');
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: 'webp' });
      expect(metadata.exif).toBeUndefined();
      expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(512);
      expect(stored.includes(Buffer.from('GPS 42.36N'))).toBe(false);
    });

    test('when a new PNG replaces a photo, then the old object is deleted', async () => {
      const { token } = await registerStudent(auth.app);
      const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#10B981' } })
        .png()
        .toBuffer();
      const first = await uploadPhoto(token, png, 'a.png');

      const second = await uploadPhoto(token, png, 'b.png');

      expect(second.status).toBe(200);
      expect(second.body.profileImageUrl).toMatch(PHOTO_URL);
      expect(second.body.profileImageUrl).not.toBe(first.body.profileImageUrl);
      expect(await objectExists(second.body.profileImageUrl)).toBe(true);
      expect(await objectExists(first.body.profileImageUrl)).toBe(false);
    });

    test('when the photo is removed with a colour, then the URL is cleared, the object deleted and the colour set', async () => {
      const { token } = await registerStudent(auth.app);
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const uploaded = await uploadPhoto(token, png, 'a.png');

      const response = await request(auth.app)
        .post('/api/profile/update')
        .set(bearer(token))
        .field('removeProfileImage', 'true')
        .field('profileColor', '#EF4444');

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ profileImageUrl: null, profileColor: '#EF4444' });
      expect(await objectExists(uploaded.body.profileImageUrl)).toBe(false);
    });

    test('when a text file is named photo.png, then 400 asks for an image and nothing is stored', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/profile/update')
        .set(bearer(token))
        .attach('profileImage', Buffer.from('definitely not a picture\n'), {
          filename: 'photo.png',
          contentType: 'image/png',
        });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: NOT_AN_IMAGE });
      expect(
        (await request(auth.app).get('/api/auth/user').set(bearer(token))).body.profileImageUrl,
      ).toBeNull();
    });

    test('when the file is larger than 5 MB, then 413', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await uploadPhoto(token, Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1), 'huge.png');

      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: 'File is too large (5 MB at most).' });
    });

    test('when nobody is signed in, then 401 before anything is uploaded', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();

      const response = await request(auth.app)
        .post('/api/profile/update')
        .attach('profileImage', png, 'a.png');

      expect(response.status).toBe(401);
    });
  });

  describe('POST /api/tutorial/complete', () => {
    test('when the tutorial is finished, then the flag is saved and returned with the user', async () => {
      const { token, user } = await registerStudent(auth.app);

      const response = await request(auth.app).post('/api/tutorial/complete').set(bearer(token));

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        tutorialCompleted: true,
        user: { id: user.id, tutorialCompleted: true },
      });
      const me = await request(auth.app).get('/api/auth/user').set(bearer(token));
      expect(me.body.tutorialCompleted).toBe(true);
    });

    test('when nobody is signed in, then 401', async () => {
      expect((await request(auth.app).post('/api/tutorial/complete')).status).toBe(401);
    });
  });
});
