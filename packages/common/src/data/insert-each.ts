import type mongoose from 'mongoose';
import type { Model } from 'mongoose';

/**
 * Inserts new documents in one write, each cast and validated by its model first, so that one bad
 * document fails alone: one outcome per document, in order (the document as stored, or its Error).
 * The repository's appends (chat's messages) go through it, a batch at a time (group-commit.ts).
 *
 * What `new model(doc).validate()` and `Model.insertMany` did, without their cost per document: the
 * schema's defaults and timestamps are applied to a copy, `Model.validate` casts and validates it
 * (no mongoose document is built), and the driver inserts the batch (mongoose's `insertMany` would
 * cast it again). The cast copy leaves out fields that are null, so it is laid over the prepared
 * copy. Figures: bench/README.md, "append".
 */
export async function insertEach<T>(model: Model<T>, docs: T[]): Promise<Array<T | Error>> {
  const outcomes: Array<T | Error> = await Promise.all(
    docs.map(async (doc) => {
      try {
        const prepared = model.applyTimestamps(model.applyDefaults({ ...(doc as object) })) as T;
        return { ...prepared, ...(await model.validate(prepared)) } as T;
      } catch (err) {
        return err as Error;
      }
    }),
  );
  const valid = outcomes.flatMap((outcome, i) => (outcome instanceof Error ? [] : [{ doc: outcome, i }]));
  if (valid.length === 0) return outcomes;
  try {
    await model.collection.insertMany(
      valid.map((entry) => entry.doc as mongoose.mongo.OptionalId<mongoose.mongo.Document>),
      { ordered: false },
    );
  } catch (err) {
    // Some documents refused (each named by its index), the others stored; anything else fails the batch.
    const refused = (err as { writeErrors?: Array<{ index: number; errmsg?: string }> }).writeErrors;
    if (!refused) throw err;
    for (const writeError of refused) {
      const entry = valid[writeError.index]!;
      outcomes[entry.i] = new Error(writeError.errmsg ?? 'not stored');
    }
  }
  return outcomes;
}
