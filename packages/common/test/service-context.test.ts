import mongoose, { type Connection } from 'mongoose';
import { type ListDef, type ServiceRuntime, defineServiceContext, documentEvent } from '../src';
import { createTestRuntime, destroyTestRuntime } from '../src/testing';

interface CardDoc {
  _id: mongoose.Types.ObjectId;
  version: number;
  deck: string;
  text: string;
}

const cardSchema = new mongoose.Schema<CardDoc>(
  { version: Number, deck: String, text: String },
  { versionKey: false, collection: 'cards' },
);
const cardModels = (db: Connection) => ({ Card: db.models.Card ?? db.model<CardDoc>('Card', cardSchema) });
const deck = (name: string): ListDef<CardDoc> => ({
  name: `deck:${name}`,
  filter: { deck: name },
  contains: (card) => card.deck === name,
});

describe('a service context from common: one per runtime, its repositories and own pieces wired once', () => {
  let runtime: ServiceRuntime;
  const cardsContext = defineServiceContext(cardModels, (models, { repository, runtime: own }) => ({
    cards: repository(models.Card, 'cards', (card) => [deck(card.deck)]),
    label: `cards of ${own.service}`,
    namespace: 'replaced',
  }));

  beforeAll(async () => {
    runtime = await createTestRuntime('service-context');
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  test('when the context is asked for twice, then both are one object holding the runtime pieces and its own', () => {
    const ctx = cardsContext(runtime);
    expect(cardsContext(runtime)).toBe(ctx);
    expect(ctx.directory).toBe(runtime.directory);
    expect(ctx.logger).toBe(runtime.logger);
    expect(ctx.label).toBe(`cards of ${runtime.service}`);
    expect(ctx.namespace).toBe('replaced');
  });

  test('when a card is stored through the context, then its list pages it', async () => {
    const ctx = cardsContext(runtime);
    const card = await ctx.cards.insert({ deck: 'verbs', text: 'to run' } as never);
    expect((await ctx.cards.page(deck('verbs'), { limit: 10 })).items.map((c) => c.text)).toEqual(['to run']);
    expect((await ctx.cards.find(card._id))?.deck).toBe('verbs');
  });
});

describe('an event made from a document', () => {
  const block = { _id: 'a:b', version: 3, blockerId: 'a', blockedId: 'b' };
  const blockData = (doc: typeof block) => ({ blockerId: doc.blockerId, blockedId: doc.blockedId });

  test('when it is keyed by id, then the id is the subject and the document id', () => {
    expect(documentEvent('social.block.created', blockData)(block)).toEqual({
      subject: 'social.block.created',
      data: { blockerId: 'a', blockedId: 'b' },
      eventId: 'social.block.created:a:b',
    });
  });

  test('when it is keyed by version, then each write of the document names a new event', () => {
    const removed = documentEvent('social.block.removed', blockData, 'version');
    expect(removed(block).eventId).toBe('social.block.removed:a:b:v3');
    expect(removed({ ...block, version: 4 }).eventId).toBe('social.block.removed:a:b:v4');
  });
});
