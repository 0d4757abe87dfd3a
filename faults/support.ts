import { appendFileSync } from 'node:fs';
import { type Socket, io } from 'socket.io-client';
import type { Ack, ChatClientToServerEvents, ChatMessage, ChatServerToClientEvents } from '@quad/contracts';
import { type TestUser, bearer, waitFor } from '@quad/common/src/testing';

/** One call as a client makes it; a call that gets no answer in `timeoutMs` is status 0. */
export async function call(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 10_000,
): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { ...(token ? bearer(token) : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed, ms: Date.now() - started };
  } catch (err) {
    return { status: 0, body: { message: (err as Error).message }, ms: Date.now() - started };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a scenario did and found, printed as one line (and appended to FAULTS_SUMMARY_FILE when set). */
export function summary(line: {
  scenario: string;
  injected: string;
  requests: number;
  messages: number;
  lost: number;
  duplicated: number;
  notes?: string;
}): void {
  const text =
    `[faults] ${line.scenario}: injected ${line.injected}; requests ${line.requests}, messages checked ${line.messages}, ` +
    `lost ${line.lost}, duplicated ${line.duplicated}${line.notes ? ` (${line.notes})` : ''}`;
  process.stderr.write(`${text}\n`);
  if (process.env.FAULTS_SUMMARY_FILE) appendFileSync(process.env.FAULTS_SUMMARY_FILE, `${JSON.stringify(line)}\n`);
}

/** SIGTERMs a process and waits for it to exit; returns how long that took, or -1 when it had to be SIGKILLed after `withinMs`. */
export async function stopWithin(target: { stop(signal?: NodeJS.Signals): Promise<void> } | undefined, withinMs = 30_000): Promise<number> {
  if (!target) return 0;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), withinMs);
  });
  const stopped = await Promise.race([target.stop('SIGTERM').then(() => false), gaveUp]);
  clearTimeout(timer);
  if (!stopped) return Date.now() - started;
  await target.stop('SIGKILL');
  return -1;
}

type ClientSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;
const NO_MESSAGE_YET = '000000000000000000000000';

/** A student's socket.io client through the gateway, talking with one partner, and what it saw. */
export interface ChatClient {
  user: TestUser;
  partner: TestUser;
  socket: ClientSocket;
  /** Messages to this user, by id: how often each came live, and whether a catch-up brought it. */
  received: Map<string, { clientId: string | null; live: number; caughtUp: boolean }>;
  /** The conversation's last message as the web orders it (by time), for the reconnect catch-up. */
  newest: { id: string; createdAt: string } | null;
  connects: number;
  disconnects: string[];
  acked: Array<{ id: string; clientId: string }>;
  sends: number;
}

/** Connects `user` to chat through the gateway; back after a drop, it catches up as the web's conversation does. */
export function connectChat(gatewayUrl: string, user: TestUser, partner: TestUser): ChatClient {
  const socket: ClientSocket = io(gatewayUrl, {
    path: '/ws',
    transports: ['websocket'],
    auth: { token: user.token },
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 2000,
  });
  const client: ChatClient = { user, partner, socket, received: new Map(), newest: null, connects: 0, disconnects: [], acked: [], sends: 0 };
  const note = (message: ChatMessage, how: 'live' | 'caughtUp') => {
    if (!client.newest || message.createdAt >= client.newest.createdAt) client.newest = message;
    if (message.receiverId !== user.id) return;
    const entry = client.received.get(message.id) ?? { clientId: message.clientId, live: 0, caughtUp: false };
    if (how === 'live') entry.live += 1;
    else entry.caughtUp = true;
    client.received.set(message.id, entry);
  };
  socket.on('message:new', (message) => note(message, 'live'));
  socket.on('disconnect', (reason) => client.disconnects.push(reason));
  socket.on('connect', () => {
    client.connects += 1;
    if (client.connects === 1) return;
    socket.emit('messages:since', { userId: partner.id, afterId: client.newest?.id ?? NO_MESSAGE_YET }, (result) => {
      if (result.ok) for (const message of result.messages) note(message, 'caughtUp');
    });
  });
  return client;
}

/** Sends one message until it is acknowledged, with the same clientId each time, as the web resends. */
export async function sendUntilAcked(client: ChatClient, index: number, content: string, deadline: number): Promise<void> {
  const clientId = `${client.user.id}-${index}`;
  while (Date.now() < deadline) {
    if (!client.socket.connected) {
      await sleep(100);
      continue;
    }
    client.sends += 1;
    const answer = await new Promise<Ack<{ message: ChatMessage }> | null>((resolve) =>
      client.socket
        .timeout(10_000)
        .emit('message:send', { receiverId: client.partner.id, content, clientId }, (err, result) => resolve(err ? null : result)),
    );
    if (answer?.ok) {
      client.acked.push({ id: answer.message.id, clientId });
      if (!client.newest || answer.message.createdAt >= client.newest.createdAt) client.newest = answer.message;
      return;
    }
    await sleep(300);
  }
  throw new Error(`message ${clientId} never acknowledged`);
}

/**
 * The clients' messages after a fault, once every client is back and every acknowledged message has
 * had 30 s to reach its receiver: acknowledged but never delivered; and, against `readStored` (the
 * chat database's documents of these senders), acknowledged but not stored, stored twice under one
 * client id, and shown twice in a receiver's conversation (two ids for one client id).
 */
export async function settleChatMessages(
  clients: ChatClient[],
  readStored: () => Promise<Array<{ _id: unknown; clientId?: unknown }>>,
): Promise<{ acked: ChatClient['acked']; notDelivered: number; notStored: number; storedTwice: number; shownTwice: number }> {
  const byId = new Map(clients.map((client) => [client.user.id, client]));
  const missing = () => clients.flatMap((client) => client.acked.filter((message) => !byId.get(client.partner.id)!.received.has(message.id)));
  await waitFor(() => clients.every((client) => client.socket.connected), { timeoutMs: 60_000, intervalMs: 200 });
  await waitFor(() => missing().length === 0, { timeoutMs: 30_000, intervalMs: 200 }).catch(() => undefined);
  const acked = clients.flatMap((client) => client.acked);
  const stored = await readStored();
  const storedIds = new Set(stored.map((doc) => String(doc._id)));
  const perClientId = new Map<string, number>();
  for (const doc of stored) perClientId.set(String(doc.clientId), (perClientId.get(String(doc.clientId)) ?? 0) + 1);
  const shownTwice = clients.reduce((sum, client) => {
    const clientIds = [...client.received.values()].map((entry) => entry.clientId);
    return sum + clientIds.length - new Set(clientIds).size;
  }, 0);
  return {
    acked,
    notDelivered: missing().length,
    notStored: acked.filter((message) => !storedIds.has(message.id)).length,
    storedTwice: [...perClientId.values()].filter((count) => count > 1).length,
    shownTwice,
  };
}
