import { appendFileSync } from 'node:fs';
import { bearer } from '@quad/common/src/testing';

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
