import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage, GroupSummary } from '@quad/contracts';
import { setChatSocketFactory } from '../../../src/lib/chat/chat-socket';
import { jsonResponse } from '../../utils/fetch-stub';
import { alan, grace, linus, makeMessage, makeSummary, me, renderChat } from './chat-fixtures';

beforeEach(() => localStorage.clear());
afterEach(() => setChatSocketFactory(null));

const GROUP_ID = 'grp_0123456789abcdef01234567';

function groupMessage(senderId: string, content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return makeMessage({ senderId, receiverId: GROUP_ID, chatId: GROUP_ID, groupId: GROUP_ID, content, seenBy: 0, ...extra });
}

const fromGrace = groupMessage(grace.id, 'Who has the problem set?');
const fromLinus = groupMessage(linus.id, 'Ignore me, I am blocked');
const mine = groupMessage(me.id, 'I do, sharing it now', { seenBy: 2, isRead: true });

function studyGroup(overrides: Partial<GroupSummary> = {}): GroupSummary {
  return {
    id: GROUP_ID,
    name: 'Algorithms study group',
    photoUrl: null,
    ownerId: me.id,
    members: [
      { ...me, profileColor: '#3B82F6', profileImageUrl: null, role: 'owner' },
      { ...grace, role: 'admin' },
      { ...linus, role: 'member' },
    ].map(({ id, firstName, lastName, profileColor, profileImageUrl, role }) => ({ id, firstName, lastName, profileColor, profileImageUrl, role: role as 'owner' | 'admin' | 'member' })),
    blockedMemberIds: [],
    lastMessage: fromGrace,
    lastActivityAt: fromGrace.createdAt,
    unreadCount: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderGroups(group = studyGroup(), route = '/', routes = {}) {
  return renderChat({
    route,
    chats: [makeSummary(grace, null)],
    friends: [grace, linus, alan],
    routes: {
      'GET /api/groups': jsonResponse(200, [group]),
      [`GET /api/groups/${GROUP_ID}/messages`]: jsonResponse(200, [mine, fromLinus, fromGrace]),
      ...routes,
    },
  });
}

async function groupsTab(user: ReturnType<typeof renderChat>['user']) {
  const panel = within(await screen.findByRole('complementary', { name: 'Messages' }));
  await user.click(panel.getByRole('tab', { name: 'Groups' }));
  return panel;
}

/** Opens the study group from the Groups tab and its Members panel; returns the group's view. */
async function openMembers(user: ReturnType<typeof renderChat>['user']) {
  const panel = await groupsTab(user);
  await user.click(await panel.findByRole('button', { name: /Algorithms study group/ }));
  const view = within(await panel.findByRole('region', { name: 'Group Algorithms study group' }));
  await user.click(view.getByRole('button', { name: 'Members' }));
  return view;
}

describe('group chats', () => {
  it('when the Groups tab shows, then groups list with the last message, its sender and unread count, kept live by the socket', async () => {
    const { user, socket } = renderGroups();
    socket.serverConnect();
    const panel = await groupsTab(user);
    const row = await panel.findByRole('button', { name: /Algorithms study group/ });
    expect(row).toHaveTextContent('Grace: Who has the problem set?');
    expect(within(row).getByLabelText('1 unread')).toBeInTheDocument();
    socket.serverEmit('message:new', groupMessage(alan.id, 'Room 204 at 6'));
    await waitFor(() => expect(within(row).getByLabelText('2 unread')).toBeInTheDocument());
    expect(row).toHaveTextContent('Alan: Room 204 at 6');
  });

  it('when my read receipt from another tab arrives after a newer group message, then the count comes from the server, not 0', async () => {
    const newer = groupMessage(alan.id, 'Room 204 at 6');
    let serverGroups = [studyGroup()];
    const { user, socket } = renderGroups(studyGroup(), '/', { 'GET /api/groups': () => jsonResponse(200, serverGroups) });
    socket.serverConnect();
    const panel = await groupsTab(user);
    const row = () => panel.getByRole('button', { name: /Algorithms study group/ });
    await panel.findByRole('button', { name: /Algorithms study group/ });
    serverGroups = [studyGroup({ lastMessage: newer, lastActivityAt: newer.createdAt, unreadCount: 1 })];
    socket.serverEmit('message:new', newer);
    await waitFor(() => expect(within(row()).getByLabelText('2 unread')).toBeInTheDocument());
    socket.serverEmit('messages:read-receipt', { chatId: GROUP_ID, readerId: me.id, upToId: fromGrace.id, readAt: new Date().toISOString(), previousUpToId: null });
    await waitFor(() => expect(within(row()).getByLabelText('1 unread')).toBeInTheDocument());
  });

  it('when a group is opened, then bubbles show sender names and Seen by, a blocked member is collapsed, typing shows, and Enter sends to the group', async () => {
    const { user, socket } = renderGroups(studyGroup({ blockedMemberIds: [linus.id] }));
    socket.serverConnect();
    const stored = groupMessage(me.id, 'On my way', { createdAt: new Date().toISOString() });
    socket.replies['message:send'] = () => ({ ok: true, message: stored });
    const panel = await groupsTab(user);
    await user.click(await panel.findByRole('button', { name: /Algorithms study group/ }));
    const view = within(await panel.findByRole('region', { name: 'Group Algorithms study group' }));
    expect(await view.findByText('Who has the problem set?')).toBeInTheDocument();
    expect(view.getByText('Grace Hopper')).toBeInTheDocument();
    expect(view.getByText('Seen by 2')).toBeInTheDocument();
    expect(view.queryByText('Ignore me, I am blocked')).toBeNull();
    await user.click(within(view.getByText('Message from a blocked student')).getByRole('button', { name: 'Show' }));
    expect(view.getByText('Ignore me, I am blocked')).toBeInTheDocument();
    await waitFor(() => expect(socket.sentOf('messages:read')).toContainEqual({ groupId: GROUP_ID }));

    socket.serverEmit('typing', { chatId: GROUP_ID, userId: grace.id, isTyping: true });
    expect(await view.findByText('Grace is typing...')).toBeInTheDocument();
    // The blocked member's typing stays hidden.
    socket.serverEmit('typing', { chatId: GROUP_ID, userId: linus.id, isTyping: true });
    expect(view.queryByText(/Linus is typing/)).toBeNull();

    await user.type(view.getByLabelText('Type a message'), 'On my way{Enter}');
    await waitFor(() => expect(socket.sentOf('message:send')).toHaveLength(1));
    expect(socket.sentOf('message:send')[0]).toMatchObject({ groupId: GROUP_ID, content: 'On my way', clientId: expect.any(String) });
    expect(await view.findByText('On my way')).toBeInTheDocument();
    // A receipt from Grace counts her in "Seen by" on my new message.
    socket.serverEmit('messages:read-receipt', { chatId: GROUP_ID, readerId: grace.id, upToId: stored.id, readAt: new Date().toISOString(), previousUpToId: mine.id });
    const bubble = view.getByText('On my way').closest('li')!;
    await waitFor(() => expect(bubble).toHaveTextContent('Seen by 1'));
  });

  it('when a new group is made, then it needs a name and two friends, and the server’s refusal is shown plainly', async () => {
    const created = studyGroup({ id: 'grp_ffffffffffffffffffffffff', name: 'Robotics club', lastMessage: null, unreadCount: 0 });
    let attempts = 0;
    const { user, network } = renderGroups(studyGroup(), '/', {
      'POST /api/groups': () => {
        attempts += 1;
        return attempts === 1 ? jsonResponse(403, { message: 'Alan Turing cannot be added to this group.' }) : jsonResponse(201, created);
      },
      'GET /api/groups': () => jsonResponse(200, attempts > 1 ? [created, studyGroup()] : [studyGroup()]),
      'GET /api/groups/grp_ffffffffffffffffffffffff/messages': jsonResponse(200, []),
    });
    const panel = await groupsTab(user);
    await user.click(await panel.findByRole('button', { name: 'New group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New group' }));
    await user.click(dialog.getByRole('button', { name: 'Create group' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Group name is required.');
    await user.type(dialog.getByLabelText('Group name'), 'Robotics club');
    await user.click(await dialog.findByLabelText('Grace Hopper'));
    await user.click(dialog.getByRole('button', { name: 'Create group' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Choose at least 2 friends.');
    await user.click(dialog.getByLabelText('Alan Turing'));
    await user.click(dialog.getByRole('button', { name: 'Create group' }));
    expect(await dialog.findByText('Alan Turing cannot be added to this group.')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/groups')[0]!.body)).toEqual({ name: 'Robotics club', memberIds: [grace.id, alan.id] });
    // The button reads "Creating..." until the refused request has settled.
    await user.click(await dialog.findByRole('button', { name: 'Create group' }));
    expect(await panel.findByRole('region', { name: 'Group Robotics club' })).toBeInTheDocument();
  });

  it('when the members panel opens, then roles show, the owner may remove a member, and leaving asks first', async () => {
    const { user, network, socket } = renderGroups(studyGroup(), '/', {
      [`DELETE /api/groups/${GROUP_ID}/members/${linus.id}`]: jsonResponse(200, studyGroup()),
      [`POST /api/groups/${GROUP_ID}/leave`]: jsonResponse(200, { left: true }),
    });
    socket.serverConnect();
    const view = await openMembers(user);
    const members = within(view.getByLabelText('Group members'));
    expect(members.getByText('3 members')).toBeInTheDocument();
    // The members' presence is asked for on the one socket.
    await waitFor(() => expect(socket.sentOf('presence:query')).toContainEqual({ userIds: [grace.id, linus.id, me.id].sort() }));
    expect(members.getByText('Owner')).toBeInTheDocument();
    expect(members.getByText('Admin')).toBeInTheDocument();
    await user.click(members.getByRole('button', { name: 'Remove Linus Torvalds' }));
    await waitFor(() => expect(network.callsTo('DELETE', `/api/groups/${GROUP_ID}/members/${linus.id}`)).toHaveLength(1));
    await user.click(members.getByRole('button', { name: 'Leave group' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Leave group' }));
    await user.click(confirm.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(network.callsTo('POST', `/api/groups/${GROUP_ID}/leave`)).toHaveLength(1));
  });

  it('when the owner opens the members panel, then they name and unname admins and hand the group over after confirming', async () => {
    const { user, network, socket } = renderGroups(studyGroup(), '/', {
      [`POST /api/groups/${GROUP_ID}/admins`]: jsonResponse(200, studyGroup()),
      [`DELETE /api/groups/${GROUP_ID}/admins/${grace.id}`]: jsonResponse(200, studyGroup()),
      [`POST /api/groups/${GROUP_ID}/owner`]: jsonResponse(200, studyGroup()),
    });
    socket.serverConnect();
    const view = await openMembers(user);
    const members = within(view.getByLabelText('Group members'));

    await user.click(members.getByRole('button', { name: 'Make Linus Torvalds an admin' }));
    await waitFor(() => expect(network.callsTo('POST', `/api/groups/${GROUP_ID}/admins`)).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', `/api/groups/${GROUP_ID}/admins`)[0]!.body)).toEqual({ userId: linus.id });
    expect(await screen.findByText('Linus Torvalds is now an admin')).toBeInTheDocument();

    await user.click(members.getByRole('button', { name: 'Remove Grace Hopper as admin' }));
    await waitFor(() => expect(network.callsTo('DELETE', `/api/groups/${GROUP_ID}/admins/${grace.id}`)).toHaveLength(1));

    await user.click(members.getByRole('button', { name: 'Make Grace Hopper the owner' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Hand over the group' }));
    expect(confirm.getByText('Make Grace Hopper the owner of Algorithms study group? You will stay in it as an admin.')).toBeInTheDocument();
    expect(network.callsTo('POST', `/api/groups/${GROUP_ID}/owner`)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Make owner' }));
    await waitFor(() => expect(network.callsTo('POST', `/api/groups/${GROUP_ID}/owner`)).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', `/api/groups/${GROUP_ID}/owner`)[0]!.body)).toEqual({ userId: grace.id });
  });

  it('when an admin who is not the owner opens the members panel, then there is no role or hand-over button', async () => {
    const asAdmin = studyGroup({
      ownerId: grace.id,
      members: studyGroup().members.map((member) => ({ ...member, role: member.id === grace.id ? 'owner' : member.id === me.id ? 'admin' : 'member' })),
    });
    const { user, socket } = renderGroups(asAdmin);
    socket.serverConnect();
    const view = await openMembers(user);
    const members = within(view.getByLabelText('Group members'));
    expect(members.getByRole('button', { name: 'Remove Linus Torvalds' })).toBeInTheDocument();
    expect(members.queryByRole('button', { name: /an admin|as admin|the owner/ })).toBeNull();
  });

  it('when a group message arrives elsewhere, then the notice names the group; from a blocked member, none', async () => {
    const { user, socket } = renderGroups(studyGroup({ blockedMemberIds: [linus.id] }));
    socket.serverConnect();
    const panel = await groupsTab(user);
    await panel.findByRole('button', { name: /Algorithms study group/ });
    socket.serverEmit('message:new', groupMessage(linus.id, 'From someone blocked'));
    socket.serverEmit('message:new', groupMessage(grace.id, 'Quiz moved to Friday'));
    expect(await screen.findByText('Grace Hopper in Algorithms study group: Quiz moved to Friday')).toBeInTheDocument();
    expect(screen.queryByText(/From someone blocked/)).toBeNull();
  });

  it('when /messages opens, then groups are listed beside direct chats and choosing one opens it', async () => {
    const { user } = renderGroups(studyGroup(), '/messages');
    const groups = await screen.findByRole('list', { name: 'Groups' });
    expect(await screen.findByRole('list', { name: 'Conversations' })).toHaveTextContent('Grace Hopper');
    await user.click(within(groups).getByRole('button', { name: /Algorithms study group/ }));
    expect(await screen.findByRole('region', { name: 'Group Algorithms study group' })).toBeInTheDocument();
  });

  it('when a group has a photo, then the list and the header show it', async () => {
    const { user } = renderGroups(studyGroup({ photoUrl: '/media/groups/club.webp' }));
    const panel = await groupsTab(user);
    const row = await panel.findByRole('button', { name: /Algorithms study group/ });
    expect(row.querySelector('img')).toHaveAttribute('src', '/media/groups/club.webp');
    await user.click(row);
    const view = await panel.findByRole('region', { name: 'Group Algorithms study group' });
    expect(view.querySelector('header img, img')).toHaveAttribute('src', '/media/groups/club.webp');
  });

  it('when the owner picks a group photo, then a non-image is refused at once, the server’s refusal is shown, and a good one uploads', async () => {
    let uploads = 0;
    const { user, network } = renderGroups(studyGroup(), '/', {
      [`POST /api/groups/${GROUP_ID}/photo`]: () => {
        uploads += 1;
        return uploads === 1
          ? jsonResponse(400, { message: 'Please upload an image file (JPEG, PNG, WebP or GIF).' })
          : jsonResponse(200, studyGroup({ photoUrl: '/media/groups/new.webp' }));
      },
    });
    const view = await openMembers(user);
    const input = view.getByLabelText('Group photo') as HTMLInputElement;

    await user.upload(input, new File(['not really a png'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('Please upload an image file (JPEG, PNG, WebP or GIF).')).toBeInTheDocument();
    await user.upload(input, new File(['png bytes'], 'club.png', { type: 'image/png' }));
    expect(await screen.findByText('Group photo updated')).toBeInTheDocument();
    expect(network.callsTo('POST', `/api/groups/${GROUP_ID}/photo`)).toHaveLength(2);
    // The picker's accept="image/*" is only a hint: a file of another type is refused here too.
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Please select an image file.')).toBeInTheDocument();
    expect(network.callsTo('POST', `/api/groups/${GROUP_ID}/photo`)).toHaveLength(2);
  });

  it('when a member reports someone else’s message, then the report dialog asks for a reason and sends it for that message', async () => {
    const { user, network } = renderGroups(studyGroup(), '/', {
      [`POST /api/messages/${fromGrace.id}/report`]: jsonResponse(201, {
        id: 'r1', type: 'message', contentId: fromGrace.id, reason: 'Harassment', description: null, status: 'pending', createdAt: new Date().toISOString(), resolvedAt: null,
      }),
    });
    const panel = await groupsTab(user);
    await user.click(await panel.findByRole('button', { name: /Algorithms study group/ }));
    const view = within(await panel.findByRole('region', { name: 'Group Algorithms study group' }));
    await view.findByText('Who has the problem set?');
    // Never on one's own message.
    expect(view.queryAllByRole('button', { name: /Report message from/ })).toHaveLength(2);
    await user.click(view.getByRole('button', { name: 'Report message from Grace' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report Message' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('You must select a reason for reporting this content.')).toBeInTheDocument();
    await user.click(dialog.getByLabelText(/Harassment/));
    await user.click(dialog.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', `/api/messages/${fromGrace.id}/report`)[0]!.body)).toEqual({ reason: 'Harassment' });
  });
});
