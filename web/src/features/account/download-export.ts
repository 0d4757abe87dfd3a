import { getBearerToken } from '../../lib/storage';

/**
 * The student's data download (settings, and the suspension screen: a suspended student may still
 * take their data): saves what the API answers as a file, as a link the student clicked would (the
 * token travels as a header, not in the URL). Throws with the API's message when it fails.
 */
export async function downloadAccountExport(format: 'json' | 'zip'): Promise<void> {
  const token = getBearerToken();
  const response = await fetch(`/api/account/export?format=${format}`, {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'Your download could not be put together right now. Please try again in a moment.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `quad-export.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
