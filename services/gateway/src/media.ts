import type { RequestHandler } from 'express';
import type { MediaStore } from '@quad/common';

/** Keys the services write: `<prefix>/<uuid>.webp`; nothing else is served. */
const MEDIA_KEY = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*\/[a-f0-9-]{36}\.webp$/;

/** Serves uploaded images from object storage under /media/<key>, cacheable forever (keys never change). */
export function mediaHandler(store: MediaStore): RequestHandler {
  return async (req, res, next) => {
    const key = req.path.replace(/^\//, '');
    if (!MEDIA_KEY.test(key)) return void res.status(404).json({ message: 'Not found' });
    try {
      const object = await store.get(key);
      res.setHeader('Content-Type', object.contentType);
      res.setHeader('Content-Length', String(object.size));
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      object.stream.on('error', next).pipe(res);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket') return void res.status(404).json({ message: 'Not found' });
      next(err);
    }
  };
}
