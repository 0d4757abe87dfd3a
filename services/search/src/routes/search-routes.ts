import type { RequestHandler, Router } from 'express';
import { NEXT_CURSOR_HEADER, searchQuerySchema } from '@quad/contracts';
import { INVALID_CURSOR_MESSAGE, badRequest, parse, viewerOf } from '@quad/common';
import type { SearchContext } from '../domain/context';
import { search } from '../domain/search';

export function mountSearchRoutes(router: Router, ctx: SearchContext, member: RequestHandler[]): void {
  /**
   * GET /api/search?q=&type=&topicId=&since=&cursor=&limit= → SearchHit[] best first; the next
   * page's cursor in X-Next-Cursor, absent on the last page.
   */
  router.get('/api/search', ...member, (req, res) => {
    const query = parse(searchQuerySchema, req.query);
    if (query.cursor !== undefined && !/^\d+$/.test(query.cursor)) throw badRequest(INVALID_CURSOR_MESSAGE); // an offset into the ranked hits (cursor.ts keeps keyset positions)
    const { hits, nextCursor } = search(ctx.index, viewerOf(res), query);
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    // Written as is: no ETag (answers are ranked afresh on every call, so a client never has one to
    // send back), which spares express's copy of the ~9 KB body into a Buffer and its hash.
    res.type('json').end(JSON.stringify(hits));
  });
}
