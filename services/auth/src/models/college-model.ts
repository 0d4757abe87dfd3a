import { defineModel, required, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

/** A college students register with. `_id` is a small numeric string ('1', '2', …) the web sends back as is. */
export interface CollegeRecord {
  _id: string;
  name: string;
  initials: string;
  /** E-mail domains of the college; an address at one of them (or a subdomain) marks a student verified. */
  domains: string[];
}

export const collegeModel = defineModel<CollegeRecord>({
  name: 'College',
  collection: 'colleges',
  fields: {
    _id: required(String),
    name: required(String),
    initials: required(String),
    domains: withDefault([String], []),
  },
  indexes: [{ name: 1 }],
});

export type CollegeModel = Model<CollegeRecord>;
