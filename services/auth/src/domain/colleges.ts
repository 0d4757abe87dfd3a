import type { College } from '@quad/contracts';
import { upsertFixedRows } from '@quad/common';
import type { AuthModels } from '../models';
import type { CollegeRecord } from '../models/college-model';

/**
 * The colleges students can choose, with their e-mail domains. Ids are stable forever (users
 * refer to them): append new colleges with the next id, never renumber.
 */
export const COLLEGES: readonly CollegeRecord[] = [
  { _id: '1', name: 'Massachusetts Institute of Technology', initials: 'MIT', domains: ['mit.edu'] },
  { _id: '2', name: 'Stanford University', initials: 'SU', domains: ['stanford.edu'] },
  { _id: '3', name: 'Harvard University', initials: 'HU', domains: ['harvard.edu', 'college.harvard.edu'] },
  { _id: '4', name: 'University of California, Berkeley', initials: 'UCB', domains: ['berkeley.edu'] },
  {
    _id: '5',
    name: 'University of California, Los Angeles',
    initials: 'UCLA',
    domains: ['ucla.edu', 'g.ucla.edu'],
  },
  { _id: '6', name: 'New York University', initials: 'NYU', domains: ['nyu.edu'] },
  { _id: '7', name: 'Columbia University', initials: 'CU', domains: ['columbia.edu'] },
  { _id: '8', name: 'Yale University', initials: 'YU', domains: ['yale.edu'] },
  { _id: '9', name: 'Princeton University', initials: 'PU', domains: ['princeton.edu'] },
  { _id: '10', name: 'University of Chicago', initials: 'UChicago', domains: ['uchicago.edu'] },
  { _id: '11', name: 'University of Pennsylvania', initials: 'UPenn', domains: ['upenn.edu'] },
  { _id: '12', name: 'Cornell University', initials: 'Cornell', domains: ['cornell.edu'] },
  { _id: '13', name: 'Brown University', initials: 'Brown', domains: ['brown.edu'] },
  { _id: '14', name: 'Duke University', initials: 'Duke', domains: ['duke.edu'] },
  {
    _id: '15',
    name: 'Northwestern University',
    initials: 'NU',
    domains: ['northwestern.edu', 'u.northwestern.edu'],
  },
  { _id: '16', name: 'University of Michigan', initials: 'UMich', domains: ['umich.edu'] },
  { _id: '17', name: 'Carnegie Mellon University', initials: 'CMU', domains: ['cmu.edu', 'andrew.cmu.edu'] },
  { _id: '18', name: 'Georgia Institute of Technology', initials: 'GT', domains: ['gatech.edu'] },
  { _id: '19', name: 'University of Texas at Austin', initials: 'UT', domains: ['utexas.edu'] },
  { _id: '20', name: 'University of Washington', initials: 'UW', domains: ['uw.edu', 'washington.edu'] },
  { _id: '21', name: 'University of Southern California', initials: 'USC', domains: ['usc.edu'] },
  { _id: '22', name: 'California Institute of Technology', initials: 'Caltech', domains: ['caltech.edu'] },
  { _id: '23', name: 'Boston University', initials: 'BU', domains: ['bu.edu'] },
  { _id: '24', name: 'University of Illinois Urbana-Champaign', initials: 'UIUC', domains: ['illinois.edu'] },
  { _id: '25', name: 'Johns Hopkins University', initials: 'JHU', domains: ['jhu.edu', 'jh.edu'] },
  { _id: '26', name: 'Rice University', initials: 'Rice', domains: ['rice.edu'] },
  { _id: '27', name: 'Dartmouth College', initials: 'Dartmouth', domains: ['dartmouth.edu'] },
];

/** Upserts the college list at start; running it again, or on two replicas at once, changes nothing. */
export async function seedColleges(models: AuthModels): Promise<void> {
  await upsertFixedRows(models.College, COLLEGES);
}

export async function listColleges(models: AuthModels): Promise<College[]> {
  const colleges = await models.College.find({}, { name: 1, initials: 1 }).sort({ name: 1 }).lean();
  return colleges.map((c) => ({ id: c._id, name: c.name, initials: c.initials }));
}

const COLLEGE_BY_ID = new Map(COLLEGES.map((college) => [college._id, college]));

/**
 * A college by id, or null. Read from the list above, which is what the database holds (seeded
 * from it at every start): no database trip, and synchronous, so an event made inside a user's
 * write (domain/user-changes.ts) names the college the write stores.
 */
export function collegeOf(collegeId: string | null): CollegeRecord | null {
  return collegeId ? (COLLEGE_BY_ID.get(collegeId) ?? null) : null;
}

/** True when the address is at one of the college's domains or a subdomain of one (cs.mit.edu for mit.edu). */
export function emailBelongsToCollege(
  email: string | null,
  college: Pick<CollegeRecord, 'domains'> | null,
): boolean {
  if (!email || !college) return false;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return college.domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}
