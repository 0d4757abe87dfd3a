import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@quad/contracts';
import type * as Minio from 'minio';
import type { RequestHandler } from 'express';
import multer from 'multer';
import type Sharp from 'sharp';
import { badRequest } from './errors';
import type { ReadinessCheck } from './health';

/**
 * Multipart parsing in memory, one file, 5 MB at most. A browser sends a textarea's line breaks
 * in a form as CRLF, but counts them as one character for `maxLength` and sends them as LF in
 * JSON: the text fields' line breaks become LF, so a post or bio is stored, and its length
 * checked, as the student typed it, whichever way it came.
 */
export function imageUpload(field: string): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  }).single(field);
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      // Only a form multer parsed: a JSON body (even an array) is left to the route's schema as it came.
      if (!error && req.is('multipart/form-data')) req.body = withLineFeeds(req.body as Record<string, unknown> | undefined);
      next(error);
    });
}

function withLineFeeds(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return fields;
  const lineFeeds = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value.map(lineFeeds) : lineFeeds(value)]),
  );
}

/** Formats accepted after sniffing the bytes; the file name and declared type are never trusted. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const MAX_DIMENSION = 1600;

/**
 * sharp (with libvips, ~27 MB resident) and the S3 client (~2 MB of code with its XML stack) are
 * loaded on first use, not when common is imported: most services never touch an image or the object
 * store, and each would otherwise carry both from start-up.
 */
let sharpModule: typeof Sharp | undefined;
const sharp: typeof Sharp = ((...args: Parameters<typeof Sharp>) =>
  (sharpModule ??= require('sharp') as typeof Sharp)(...args)) as typeof Sharp;
const loadMinio = () => require('minio') as typeof Minio;

export const NOT_AN_IMAGE = 'Please upload an image file (JPEG, PNG, WebP or GIF).';

/**
 * Sniffs the format from the bytes and re-encodes to WebP: EXIF and other metadata are dropped,
 * orientation applied, size bounded. Anything sharp cannot decode as an image is refused.
 */
export async function reencodeImage(input: Buffer, maxDimension = MAX_DIMENSION): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(NOT_AN_IMAGE);
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
}

export interface S3Settings {
  S3_ENDPOINT: string;
  S3_PORT: number;
  S3_USE_SSL: boolean;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
}

/**
 * Media storage over the plain S3 API (MinIO locally; any S3 store in production). Objects are
 * addressed as `<prefix>/<uuid>.webp` and served by the gateway under `/media/<key>`.
 */
export function createMediaStore(settings: S3Settings) {
  const client = new (loadMinio().Client)({
    endPoint: settings.S3_ENDPOINT,
    port: settings.S3_PORT,
    useSSL: settings.S3_USE_SSL,
    accessKey: settings.S3_ACCESS_KEY,
    secretKey: settings.S3_SECRET_KEY,
  });
  const bucket = settings.S3_BUCKET;
  let bucketReady: Promise<void> | undefined;
  const ensureBucket = () =>
    (bucketReady ??= (async () => {
      if (!(await client.bucketExists(bucket))) {
        try {
          await client.makeBucket(bucket);
        } catch (err) {
          if (!/already own|exists/i.test((err as Error).message)) throw err;
        }
      }
    })().catch((err) => {
      bucketReady = undefined;
      throw err;
    }));

  return {
    client,
    bucket,
    ensureBucket,
    /** Re-encodes and stores an uploaded image; returns its public URL path. */
    async putImage(prefix: string, input: Buffer, maxDimension?: number): Promise<{ key: string; url: string }> {
      const body = await reencodeImage(input, maxDimension);
      await ensureBucket();
      const key = `${prefix}/${randomUUID()}.webp`;
      await client.putObject(bucket, key, body, body.length, { 'Content-Type': 'image/webp' });
      return { key, url: `/media/${key}` };
    },
    async remove(urlOrKey: string): Promise<void> {
      const key = urlOrKey.replace(/^\/media\//, '');
      await client.removeObject(bucket, key).catch(() => undefined);
    },
    async get(key: string): Promise<{ stream: Readable; size: number; contentType: string; etag: string }> {
      const stat = await client.statObject(bucket, key);
      const stream = await client.getObject(bucket, key);
      return {
        stream,
        size: stat.size,
        contentType: String(stat.metaData?.['content-type'] ?? 'application/octet-stream'),
        etag: stat.etag,
      };
    },
    async ping(): Promise<void> {
      await client.bucketExists(bucket);
    },
  };
}
export type MediaStore = ReturnType<typeof createMediaStore>;

/**
 * The object store in a service's readiness, once per runtime: reported, never making the replica
 * unready. Without it only uploads fail, and an unready auth would stop every sign-in (README,
 * "Readiness"). The gateway's internal report requires it (services/gateway/src/readiness.ts).
 */
export function reportObjectStore(readiness: ReadinessCheck[], media: MediaStore): void {
  if (readiness.some((check) => check.name === 'object storage')) return;
  readiness.push({ name: 'object storage', check: () => media.ping(), required: false });
}
