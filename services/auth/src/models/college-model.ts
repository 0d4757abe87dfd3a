import mongoose, { type Connection, type Model } from 'mongoose';

/** A college students register with. `_id` is a small numeric string ('1', '2', …) the web sends back as is. */
export interface CollegeRecord {
  _id: string;
  name: string;
  initials: string;
  /** E-mail domains of the college; an address at one of them (or a subdomain) marks a student verified. */
  domains: string[];
}

const collegeSchema = new mongoose.Schema<CollegeRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    initials: { type: String, required: true },
    domains: { type: [String], default: [] },
  },
  { versionKey: false, collection: 'colleges' },
);
collegeSchema.index({ name: 1 });

export type CollegeModel = Model<CollegeRecord>;

export function collegeModel(db: Connection): CollegeModel {
  return (db.models.College as CollegeModel) ?? db.model<CollegeRecord>('College', collegeSchema);
}
