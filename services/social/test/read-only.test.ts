import { VERIFY_MESSAGES, WRITE_REFUSAL_CODES } from '@quad/contracts';
import { type SocialKit, type TestUser, as, makeUser, startSocialKit } from './social-test-kit';

/** Issue 25: until a student's address is confirmed, they see people but send no friend request. */
describe('a student whose address is not confirmed yet', () => {
  let kit: SocialKit;
  let ada: TestUser;
  let newcomer: TestUser;

  beforeAll(async () => {
    kit = await startSocialKit();
    [ada, newcomer] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Newcomer', confirmed: false }),
    ]);
  });
  afterAll(() => kit.stop());

  test('when they list friends and requests, then 200; when they send a request, then 403 with the confirmation message and none is stored', async () => {
    expect((await as(kit, newcomer).get('/api/friends')).status).toBe(200);
    expect((await as(kit, newcomer).get('/api/friend-requests')).status).toBe(200);

    const sent = await as(kit, newcomer).post('/api/friend-requests', { friendId: ada.id });

    expect(sent.status).toBe(403);
    expect(sent.body).toEqual({ message: VERIFY_MESSAGES.confirmEmailFirst, code: WRITE_REFUSAL_CODES.unconfirmed });
    const incoming = (await as(kit, ada).get('/api/friend-requests')).body as { received?: unknown[] } | unknown[];
    expect(JSON.stringify(incoming)).not.toContain(newcomer.id);
  });
});
