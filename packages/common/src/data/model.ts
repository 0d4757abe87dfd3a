import mongoose, {
  type Connection,
  type IndexDefinition,
  type IndexOptions,
  type Model,
  type SchemaDefinition,
  type SchemaDefinitionType,
} from 'mongoose';

/**
 * One way of declaring a service's mongoose model. A model file still states, at a glance, its
 * document interface, its model and collection names, each field with its type, whether it is
 * required and its default, and its indexes; what every model shared (`versionKey: false`, the
 * collection option, the per-connection registration `db.models.X ?? db.model('X', schema)`) is
 * written here once:
 *
 *   export const memberModel = defineModel<MemberDoc>({
 *     name: 'Member',
 *     collection: 'members',
 *     fields: {
 *       _id: required(String),
 *       collegeId: nullable(String),
 *       isAdmin: withDefault(Boolean, false),
 *       createdAt: createdNow(),
 *       version: versionField(),
 *     },
 *     indexes: [{ collegeId: 1 }],
 *   });
 *
 * Fields are mongoose's own schema-type options (`required(String)` is `{ type: String, required:
 * true }`), so anything mongoose takes (a sub-schema, `Schema.Types.Mixed`, `[String]`) still fits.
 */

/** What a field helper adds besides its type and required/default: `enum`, … */
type FieldOptions = Record<string, unknown>;

/** `{ type, required: true }`: a document without it is refused. */
export function required<T>(type: T, more: FieldOptions = {}) {
  return { type, required: true as const, ...more };
}

/** `{ type, default: null }`: absent until set. */
export function nullable<T>(type: T, more: FieldOptions = {}) {
  return { type, default: null, ...more };
}

/**
 * `{ type, default: value }`; a function as the value is called for each new document. (`V`'s
 * constraint keeps a literal default such as `'pending'` from widening to `string`.)
 */
export function withDefault<T, V extends string | number | boolean | object | null>(
  type: T,
  value: V,
  more: FieldOptions = {},
) {
  return { type, default: value, ...more };
}

/** `version`, the counter the repository bumps on every write: 0 on a new document. */
export function versionField() {
  return withDefault(Number, 0);
}

/** A creation time set when the document is made (`default: () => new Date()`). */
export function createdNow() {
  return withDefault(Date, () => new Date());
}

export interface ModelDefinition<Doc> {
  /** The model's name on the connection (`db.models[name]`). */
  name: string;
  collection: string;
  /** mongoose keeps `createdAt` and `updatedAt`. */
  timestamps?: true;
  /** `false` stores empty objects too (mongoose leaves them out by default). */
  minimize?: false;
  fields: SchemaDefinition<SchemaDefinitionType<Doc>, Doc>;
  /** Each index: its keys, or its keys and options (`[{ accountKey: 1 }, { unique: true }]`). */
  indexes?: Array<IndexDefinition | [IndexDefinition, IndexOptions]>;
}

/** A model's accessor: the model on a connection, registered there on the first call. */
export type ModelAccessor<Doc> = ((db: Connection) => Model<Doc>) & {
  readonly modelName: string;
  readonly schema: mongoose.Schema<Doc>;
};

export function defineModel<Doc>({
  name,
  collection,
  fields,
  indexes = [],
  ...options
}: ModelDefinition<Doc>): ModelAccessor<Doc> {
  const schema = new mongoose.Schema<Doc>(fields, { versionKey: false, collection, ...options });
  for (const index of indexes) {
    const [keys, indexOptions] = Array.isArray(index) ? index : [index];
    schema.index(keys, indexOptions);
  }
  const accessor = (db: Connection) => (db.models[name] as Model<Doc>) ?? db.model<Doc>(name, schema);
  return Object.assign(accessor, { modelName: name, schema });
}

type Accessors = Record<string, (db: Connection) => unknown>;

/**
 * A service's models by name, from their accessors: calling it on the service's connection
 * registers every one of them, so ensureIndexes (mongo.ts) builds every index at start.
 */
export function modelRegistry<A extends Accessors>(accessors: A) {
  return (db: Connection) =>
    Object.fromEntries(Object.entries(accessors).map(([key, accessor]) => [key, accessor(db)])) as {
      [K in keyof A]: ReturnType<A[K]>;
    };
}
