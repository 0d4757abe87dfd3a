/*
 * The server ended the real-time connection on purpose ("io server disconnect": chat does so when
 * an admin bans the student, or the account is deleted), so the session itself may be over. The
 * current user entry listens here and is read again: its answer shows the suspension screen, or
 * signs out. A hub of its own, without socket.io, so the first screen's script stays free of it.
 */
const listeners = new Set<() => void>();

/** Listens for the server ending the connection; returns the function that stops listening. */
export function onSessionCheck(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server ended the connection: whoever holds the session reads it again. */
export function requestSessionCheck(): void {
  for (const listener of [...listeners]) listener();
}
