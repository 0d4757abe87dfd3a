import { MODERATION_MESSAGES } from '@quad/contracts';
import { restoreBans } from '../src/domain/bans';
import { type ModerationKit, type TestUser, bearer, makeUser, publishedEvent, request, startModerationKit, waitFor } from './moderation-test-kit';

const HOUR = 3600_000;

describe('moderation bans', () => {
  let kit: ModerationKit;
  let admin: TestUser;
  let otherAdmin: TestUser;

  beforeAll(async () => {
    kit = await startModerationKit();
    [admin, otherAdmin] = await Promise.all([makeUser(kit, { firstName: 'Admin', isAdmin: true }), makeUser(kit, { firstName: 'Root', isAdmin: true })]);
  });

  afterAll(() => kit.stop());

  const ban = (as: TestUser, body: Record<string, unknown>) => request(kit.app).post('/api/admin/ban-user').set(bearer(as.token)).send(body);
  const redisBan = async (userId: string) => {
    const raw = await kit.runtime.redis.get(`ban:${userId}`);
    return raw ? (JSON.parse(raw) as { reason: string; expiresAt: string }) : null;
  };

  test('when an admin bans a student for 24 hours, then Redis holds the ban for that long, the student is listed, the event carries a version and the audit log records it', async () => {
    const student = await makeUser(kit, { firstName: 'Mallory' });
    const response = await ban(admin, { userId: student.id, reason: '  Spamming the boards  ', banDuration: 24 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ userId: student.id, reason: 'Spamming the boards', bannedBy: admin.id, user: { firstName: 'Mallory' }, appeal: null });
    const until = new Date(response.body.banUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    expect(await redisBan(student.id)).toEqual({ reason: 'Spamming the boards', expiresAt: response.body.banUntil });
    const ttl = await kit.runtime.redis.pttl(`ban:${student.id}`);
    expect(ttl).toBeGreaterThan(23.9 * HOUR);

    const listed = await request(kit.app).get('/api/admin/banned-users').set(bearer(admin.token));
    expect(listed.body.map((b: { userId: string }) => b.userId)).toContain(student.id);

    const event = await publishedEvent(kit, 'moderation.user.banned', (d) => d.userId === student.id);
    expect(event.data).toMatchObject({ version: 0, reason: 'Spamming the boards', bannedBy: admin.id, banUntil: response.body.banUntil });
    await publishedEvent(kit, 'audit.admin.action', (d) => d.action === 'user.banned' && d.targetUserId === student.id && d.reason === 'Spamming the boards');
    // moderation's own directory copy hears its own event too.
    await waitFor(async () => (await kit.runtime.directory.get(student.id))?.ban);
  });

  test('when the banned student calls moderation, then 403 with the suspension body; their appeal calls still work', async () => {
    const student = await makeUser(kit);
    const { body: banned } = await ban(admin, { userId: student.id, reason: 'Harassment', banDuration: 1 });
    const blocked = await request(kit.app).get('/api/reports/mine').set(bearer(student.token));
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ message: 'Account suspended', reason: 'Harassment', expiresAt: banned.banUntil });
    const appeal = await request(kit.app).get('/api/appeals/mine').set(bearer(student.token));
    expect(appeal.status).toBe(200);
    expect(appeal.body.suspension).toMatchObject({ reason: 'Harassment', banUntil: banned.banUntil });
  });

  test('when every allowed duration is used, then each is accepted; any other, a blank reason or a missing user is refused', async () => {
    for (const hours of [1, 6, 24, 72, 168, 720]) {
      const student = await makeUser(kit);
      const response = await ban(admin, { userId: student.id, reason: 'Rules', banDuration: String(hours) });
      expect(response.status).toBe(201);
      expect(new Date(response.body.banUntil).getTime() - Date.now()).toBeGreaterThan((hours - 0.1) * HOUR);
    }
    const student = await makeUser(kit);
    const wrong = await ban(admin, { userId: student.id, reason: 'Rules', banDuration: 2 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MODERATION_MESSAGES.banDuration);
    const blank = await ban(admin, { userId: student.id, reason: '   ', banDuration: 24 });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MODERATION_MESSAGES.banReasonRequired);
    expect((await ban(admin, { userId: student.id, banDuration: 24 })).body.message).toBe(MODERATION_MESSAGES.banReasonRequired);
    const nobody = await ban(admin, { userId: '0123456789abcdef01234567', reason: 'Rules', banDuration: 24 });
    expect(nobody.status).toBe(404);
    expect(await redisBan(student.id)).toBeNull();
  });

  test('when an admin bans themself or another admin, then 400 and 403, and nothing is written', async () => {
    const self = await ban(admin, { userId: admin.id, reason: 'Oops', banDuration: 1 });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(MODERATION_MESSAGES.selfBan);
    const peer = await ban(admin, { userId: otherAdmin.id, reason: 'Coup', banDuration: 1 });
    expect(peer.status).toBe(403);
    expect(peer.body.message).toBe(MODERATION_MESSAGES.adminBan);
    expect(await redisBan(admin.id)).toBeNull();
    expect(await redisBan(otherAdmin.id)).toBeNull();
  });

  test('when the process that stored a ban died before setting its Redis key, then the ban’s own event enforces it', async () => {
    const student = await makeUser(kit, { firstName: 'Crash' });
    const banUntil = new Date(Date.now() + 24 * HOUR);
    // What the dead process left: the ban in the database, its event in the outbox, no Redis key.
    await kit.runtime.db.collection('bans').insertOne({
      _id: student.id as never,
      version: 0,
      active: true,
      banId: `${student.id}:0`,
      reason: 'Spam',
      bannedBy: admin.id,
      banUntil,
      createdAt: new Date(),
      liftedAt: null,
      liftedBy: null,
    });
    await kit.runtime.outbox.commit(
      [
        {
          subject: 'moderation.user.banned',
          eventId: `moderation.user.banned:${student.id}:0`,
          data: { userId: student.id, version: 0, reason: 'Spam', banUntil: banUntil.toISOString(), bannedBy: admin.id },
        },
      ],
      async () => true,
    );
    expect(await waitFor(() => redisBan(student.id), { timeoutMs: 10_000 })).toEqual({ reason: 'Spam', expiresAt: banUntil.toISOString() });
    const listed = await request(kit.app).get('/api/admin/banned-users').set(bearer(admin.token));
    expect(listed.body.map((b: { userId: string }) => b.userId)).toContain(student.id);
  });

  test('when a student or a visitor calls the ban endpoints, then 403 and 401', async () => {
    const student = await makeUser(kit);
    const victim = await makeUser(kit);
    expect((await ban(student, { userId: victim.id, reason: 'x', banDuration: 1 })).status).toBe(403);
    expect((await request(kit.app).post('/api/admin/ban-user').send({ userId: victim.id, reason: 'x', banDuration: 1 })).status).toBe(401);
    expect((await request(kit.app).get('/api/admin/banned-users').set(bearer(student.token))).status).toBe(403);
    expect((await request(kit.app).delete(`/api/admin/unban-user/${victim.id}`).set(bearer(student.token))).status).toBe(403);
    expect((await request(kit.app).delete(`/api/admin/unban-user/${victim.id}`)).status).toBe(401);
  });

  test('when an admin unbans, then the Redis key is gone at once, the list drops the student, unbanned carries the next version and a second unban is 404', async () => {
    const student = await makeUser(kit);
    await ban(admin, { userId: student.id, reason: 'Spam', banDuration: 168 }).expect(201);
    const response = await request(kit.app).delete(`/api/admin/unban-user/${student.id}`).set(bearer(admin.token));
    expect(response.status).toBe(200);
    expect(await redisBan(student.id)).toBeNull();
    expect((await request(kit.app).get('/api/reports/mine').set(bearer(student.token))).status).toBe(200);
    const listed = await request(kit.app).get('/api/admin/banned-users').set(bearer(admin.token));
    expect(listed.body.map((b: { userId: string }) => b.userId)).not.toContain(student.id);
    const unbanned = await publishedEvent(kit, 'moderation.user.unbanned', (d) => d.userId === student.id);
    expect(unbanned.data.version).toBe(1);
    await publishedEvent(kit, 'audit.admin.action', (d) => d.action === 'user.unbanned' && d.targetUserId === student.id);
    const again = await request(kit.app).delete(`/api/admin/unban-user/${student.id}`).set(bearer(admin.token));
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(MODERATION_MESSAGES.notBanned);

    // Banned again: the version keeps growing, so every copy applies the events in order.
    await ban(admin, { userId: student.id, reason: 'Again', banDuration: 1 }).expect(201);
    const rebanned = await publishedEvent(kit, 'moderation.user.banned', (d) => d.userId === student.id && d.reason === 'Again');
    expect(rebanned.data.version).toBe(2);
  });

  test('when two admins ban the same student at once, then both writes are kept in order with distinct versions', async () => {
    const student = await makeUser(kit);
    const [first, second] = await Promise.all([
      ban(admin, { userId: student.id, reason: 'First', banDuration: 1 }),
      ban(otherAdmin, { userId: student.id, reason: 'Second', banDuration: 6 }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const stored = await kit.ctx.models.Ban.findById(student.id).lean();
    expect(stored?.version).toBe(1);
    const events = await waitFor(() => {
      const found = kit.published.filter((e) => e.subject === 'moderation.user.banned' && (e.data as { userId: string }).userId === student.id);
      return found.length === 2 ? found : null;
    });
    expect(events.map((e) => (e.data as { version: number }).version).sort()).toEqual([0, 1]);
  });

  test('when a ban’s time passes (injected clock), then it is no longer listed or enforced, and start-up restore removes its key', async () => {
    const student = await makeUser(kit);
    await ban(admin, { userId: student.id, reason: 'Cool off', banDuration: 1 }).expect(201);
    const keep = await makeUser(kit);
    await ban(admin, { userId: keep.id, reason: 'Long one', banDuration: 720 }).expect(201);
    await kit.runtime.redis.del(`ban:${keep.id}`); // as a Redis restart would lose it

    kit.advance(HOUR + 1000);
    const listed = await request(kit.app).get('/api/admin/banned-users').set(bearer(admin.token));
    expect(listed.body.map((b: { userId: string }) => b.userId)).not.toContain(student.id);
    expect(listed.body.map((b: { userId: string }) => b.userId)).toContain(keep.id);

    await restoreBans(kit.ctx);
    expect(await redisBan(student.id)).toBeNull();
    const restored = await redisBan(keep.id);
    expect(restored).toMatchObject({ reason: 'Long one' });
    // The restored key lives only for what is left of the ban by the (moved) clock.
    expect(await kit.runtime.redis.pttl(`ban:${keep.id}`)).toBeLessThanOrEqual(719 * HOUR);

    const unban = await request(kit.app).delete(`/api/admin/unban-user/${student.id}`).set(bearer(admin.token));
    expect(unban.status).toBe(404);
    const appeal = await request(kit.app).post('/api/appeals').set(bearer(student.token)).send({ message: 'Please' });
    expect(appeal.status).toBe(400);
    expect(appeal.body.message).toBe(MODERATION_MESSAGES.noSuspension);
  });
});
