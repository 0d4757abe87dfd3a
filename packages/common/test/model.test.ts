import {
  type ServiceRuntime,
  createdNow,
  defineModel,
  ensureIndexes,
  modelRegistry,
  nullable,
  required,
  versionField,
  withDefault,
} from '../src';
import { createTestRuntime, destroyTestRuntime } from '../src/testing';

interface GadgetDoc {
  _id: string;
  ownerId: string;
  kind: 'small' | 'large';
  label: string | null;
  tags: string[];
  createdAt: Date;
  version: number;
}

const gadgetModel = defineModel<GadgetDoc>({
  name: 'Gadget',
  collection: 'gadget_things',
  fields: {
    _id: required(String),
    ownerId: required(String),
    kind: withDefault(String, 'small', { enum: ['small', 'large'] }),
    label: nullable(String),
    tags: withDefault([String], []),
    createdAt: createdNow(),
    version: versionField(),
  },
  indexes: [[{ ownerId: 1, kind: 1 }, { unique: true }], { createdAt: -1 }],
});

interface NoteDoc {
  _id: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

const noteModel = defineModel<NoteDoc>({
  name: 'Note',
  collection: 'notes',
  timestamps: true,
  fields: { _id: required(String), text: required(String) },
});

const models = modelRegistry({ Gadget: gadgetModel, Note: noteModel });

describe('defineModel: a model declared once, registered per connection', () => {
  let runtime: ServiceRuntime;
  beforeAll(async () => {
    runtime = await createTestRuntime('model');
    models(runtime.db);
    await ensureIndexes(runtime.db);
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  test('when the registry is called, then every model is on the connection under its name, once', () => {
    const { Gadget, Note } = models(runtime.db);
    expect(Object.keys(runtime.db.models)).toEqual(expect.arrayContaining(['Gadget', 'Note']));
    expect(Gadget).toBe(gadgetModel(runtime.db));
    expect(Note.collection.collectionName).toBe('notes');
    expect(Gadget.collection.collectionName).toBe('gadget_things');
  });

  test('when a document is stored with only its required fields, then it reads back with every default and no __v', async () => {
    const before = Date.now();
    await gadgetModel(runtime.db).create({ _id: 'g1', ownerId: 'u1' });
    const stored = await runtime.db.collection('gadget_things').findOne({ _id: 'g1' as never });
    expect(stored).toMatchObject({
      _id: 'g1',
      ownerId: 'u1',
      kind: 'small',
      label: null,
      tags: [],
      version: 0,
    });
    expect(stored).not.toHaveProperty('__v');
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(stored?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test('when a required field is missing or an enum value is off, then the document is refused', async () => {
    await expect(gadgetModel(runtime.db).create({ _id: 'g2' })).rejects.toThrow(/ownerId.*required/);
    await expect(
      gadgetModel(runtime.db).create({ _id: 'g3', ownerId: 'u3', kind: 'huge' as never }),
    ).rejects.toThrow(/kind/);
    expect(await gadgetModel(runtime.db).exists({ _id: 'g3' })).toBeNull();
  });

  test('when ensureIndexes has run, then each declared index exists with its options and a unique one refuses a second document', async () => {
    const indexes = await runtime.db.collection('gadget_things').indexes();
    expect(indexes.map((index) => index.key)).toEqual(
      expect.arrayContaining([{ _id: 1 }, { ownerId: 1, kind: 1 }, { createdAt: -1 }]),
    );
    expect(indexes).toHaveLength(3);
    expect(indexes.find((index) => index.key.ownerId)?.unique).toBe(true);
    await gadgetModel(runtime.db).create({ _id: 'g4', ownerId: 'u4', kind: 'large' });
    await expect(
      gadgetModel(runtime.db).create({ _id: 'g5', ownerId: 'u4', kind: 'large' }),
    ).rejects.toMatchObject({
      code: 11000,
    });
  });

  test('when a model keeps timestamps, then mongoose sets createdAt and updatedAt', async () => {
    const note = await noteModel(runtime.db).create({ _id: 'n1', text: 'hello' });
    expect(note.createdAt).toBeInstanceOf(Date);
    expect(note.updatedAt).toBeInstanceOf(Date);
  });
});
