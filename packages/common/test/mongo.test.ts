import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { type ServiceRuntime, ensureIndexes, errorHandler, createLogger } from '../src';
import { createTestRuntime, destroyTestRuntime } from '../src/testing';

describe('MongoDB (FerretDB locally) through mongoose', () => {
  let runtime: ServiceRuntime;
  const thingSchema = new mongoose.Schema({
    email: { type: String, required: true, unique: true },
    count: { type: Number, default: 0 },
  });
  let Thing: mongoose.Model<mongoose.InferSchemaType<typeof thingSchema>>;
  beforeAll(async () => {
    runtime = await createTestRuntime('mongo');
    Thing = runtime.db.model('Thing', thingSchema) as never;
    await ensureIndexes(runtime.db);
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  test('when a document is saved, then it reads back with counters kept by $inc', async () => {
    const created = await Thing.create({ email: 'a@example.edu' });
    await Thing.updateOne({ _id: created._id }, { $inc: { count: 2 } });
    const found = await Thing.findById(created._id).lean();
    expect(found).toMatchObject({ email: 'a@example.edu', count: 2 });
  });

  test('when a unique index is violated, then the error handler answers 409 JSON', async () => {
    await Thing.create({ email: 'dup@example.edu' });
    const app = express();
    app.post('/things', async () => {
      await Thing.create({ email: 'dup@example.edu' });
    });
    app.use(errorHandler(createLogger('test', 'silent')));
    const response = await request(app).post('/things');
    expect(response.status).toBe(409);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.body).toEqual({ message: 'That record already exists.' });
  });

  test('when a client smuggles a query operator, then it never matches other documents', async () => {
    await Thing.create({ email: 'secret@example.edu' });
    const hostile = { $ne: 'nobody' } as unknown as string;
    // sanitizeFilter wraps the object in $eq; strict casting then refuses a non-string outright.
    const found = await Thing.find({ email: hostile })
      .lean()
      .catch((err: Error) => err);
    expect(found instanceof Error ? found.name : found).toBe('CastError');
  });
});
