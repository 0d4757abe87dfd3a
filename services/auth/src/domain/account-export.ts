import type { Readable } from 'node:stream';
import type Archiver from 'archiver';
import { type AccountExport, serviceExportSchema } from '@quad/contracts';
import { ACCOUNT_EXPORT_PATH, type AuthContext, serviceUnavailable } from '@quad/common';
import type { Config } from '../config';
import { collegeOf } from './colleges';
import type { AuthServiceContext } from './context';
import { isEmailConfirmed, loadUser, profileFields } from './user-view';

/** The services that hold something a student made, each asked for its own part. */
const EXPORTING_SERVICES = ['forum', 'social', 'chat', 'commerce', 'moderation', 'notifications'] as const;
type ExportingService = (typeof EXPORTING_SERVICES)[number];
const URL_SETTING: Record<ExportingService, keyof Config> = {
  forum: 'FORUM_URL',
  social: 'SOCIAL_URL',
  chat: 'CHAT_URL',
  commerce: 'COMMERCE_URL',
  moderation: 'MODERATION_URL',
  notifications: 'NOTIFICATIONS_URL',
};
const SERVICE_TIMEOUT_MS = 10_000;

/**
 * A student's data download (issue 25): auth's own records (the profile, the settings), then each
 * owning service's part, asked over its internal export path with the student's own token (each
 * service verifies it and answers for that user only). No service's database is read by another.
 * A service that does not answer makes the download a 503 rather than an incomplete file.
 */
export async function assembleExport(deps: AuthServiceContext, auth: AuthContext): Promise<AccountExport> {
  const user = await loadUser(deps, auth.userId);
  const college = collegeOf(user.collegeId);
  const settings = await deps.models.Settings.findById(auth.userId).lean();
  const document: AccountExport = {
    exportedAt: new Date().toISOString(),
    userId: auth.userId,
    sections: {
      auth: {
        profile: {
          id: auth.userId,
          email: user.email,
          emailConfirmed: isEmailConfirmed(user),
          isVerified: user.isVerified,
          firstName: user.firstName,
          lastName: user.lastName,
          college: college?.name ?? null,
          ...profileFields(user),
          createdAt: user.createdAt,
        },
        settings: settings ? { theme: settings.theme } : null,
      },
    },
    images: user.profileImageUrl
      ? [{ key: user.profileImageUrl.replace(/^\/media\//, ''), service: 'auth' }]
      : [],
  };
  const parts = await Promise.all(EXPORTING_SERVICES.map((service) => askService(deps, service, auth.token)));
  EXPORTING_SERVICES.forEach((service, index) => {
    const part = parts[index]!;
    document.sections[service] = part.records;
    document.images.push(...part.images.map((key) => ({ key, service })));
  });
  return document;
}

async function askService(deps: AuthServiceContext, service: ExportingService, token: string) {
  const base = String(deps.config[URL_SETTING[service]]).replace(/\/$/, '');
  try {
    const response = await fetch(`${base}${ACCOUNT_EXPORT_PATH}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${service} answered ${response.status}`);
    return serviceExportSchema.parse(await response.json());
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, service }, 'account export: a service did not answer');
    throw serviceUnavailable(
      'Your download could not be put together right now. Please try again in a moment.',
    );
  }
}

/** The download as a zip: the JSON document and every image it names, read from the object store. */
export function exportZip(deps: AuthServiceContext, document: AccountExport): Readable {
  // archiver loads with the first zip asked for, not with every auth process (~4 MB of an idle heap).
  const archiver = require('archiver') as typeof Archiver;
  const zip = archiver('zip', { zlib: { level: 6 } });
  zip.append(JSON.stringify(document, null, 2), { name: 'quad-export.json' });
  void (async () => {
    for (const image of document.images) {
      try {
        const { stream } = await deps.media.get(image.key);
        zip.append(stream, { name: `images/${image.key}` });
      } catch (err) {
        // An image removed meanwhile (a post deleted a moment ago): the JSON still lists it.
        deps.logger.warn({ err: (err as Error).message }, 'account export: image not found');
      }
    }
    await zip.finalize();
  })().catch((err: unknown) => zip.destroy(err as Error));
  return zip;
}
