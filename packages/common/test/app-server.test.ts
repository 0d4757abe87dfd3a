import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAppServer } from '../src/runtime';

describe('createAppServer', () => {
  test('when an express app is served, then requests arrive with its prototypes and it answers as usual', async () => {
    const app = express();
    const arrived: boolean[] = [];
    app.use((req, res, next) => {
      const { request, response } = app as unknown as { request: object; response: object };
      arrived.push(Object.getPrototypeOf(req) === request && Object.getPrototypeOf(res) === response);
      next();
    });
    app.post('/echo/:id', express.json(), (req, res) => {
      res.status(201).set('X-Id', req.params.id).json({ body: req.body, query: req.query.q });
    });
    const server = createAppServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/echo/7?q=yes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ a: 1 }),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-id')).toBe('7');
      expect(await response.json()).toEqual({ body: { a: 1 }, query: 'yes' });
      expect(arrived).toEqual([true]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
