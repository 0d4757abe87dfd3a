import { COLLEGES, emailBelongsToCollege } from './colleges';
import { createUser, normaliseEmail } from './accounts';
import type { AuthServiceContext } from './context';
import { hashPassword } from './passwords';

/** One generated student: an e-mail at a college's own domain, a name, the college. */
export interface BulkStudent {
  email: string;
  firstName: string;
  lastName: string;
  collegeId: string;
}

const FIRST_NAMES = [
  'Aiden', 'Amelia', 'Aria', 'Ben', 'Camila', 'Chloe', 'Daniel', 'Diego', 'Elena', 'Ethan', 'Fatima', 'Gabriel', 'Hana', 'Isaac',
  'Jade', 'Jonah', 'Kenji', 'Layla', 'Leo', 'Lucia', 'Mateo', 'Mia', 'Nadia', 'Nora', 'Omar', 'Owen', 'Rosa', 'Sam', 'Sofia', 'Theo',
  'Uma', 'Victor', 'Wen', 'Yara', 'Zane', 'Zoe',
];
const LAST_NAMES = [
  'Adams', 'Bose', 'Castro', 'Dubois', 'Eze', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kim', 'Lopez', 'Mensah', 'Novak',
  'Okoro', 'Patel', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Usman', 'Varga', 'Wright', 'Xu', 'Yilmaz', 'Zhou',
];

/**
 * `count` students spread over every college, the same list every time (so a second run finds
 * them all and adds nothing): the demo's campus, large enough that the admin's tables page.
 */
export function generatedStudents(count: number): BulkStudent[] {
  return Array.from({ length: count }, (_, i) => {
    const college = COLLEGES[i % COLLEGES.length]!;
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
    return {
      email: `${firstName}.${lastName}.${i + 1}@${college.domains[0]}`.toLowerCase(),
      firstName,
      lastName,
      collegeId: college._id,
    };
  });
}

/**
 * Creates students in bulk through the users repository (each with its auth.user.registered
 * event, so every service learns of them) but with ONE password hash for all: argon2id is slow on
 * purpose, and 2,000 hashes would take minutes. For demo and test campuses only: everyone shares
 * `password`. Students whose e-mail exists are skipped. Returns how many were made.
 */
export async function createStudentsInBulk(
  deps: AuthServiceContext,
  students: BulkStudent[],
  password: string,
  options: { concurrency?: number } = {},
): Promise<number> {
  const passwordHash = await hashPassword(password);
  // One read of the taken addresses: FerretDB scans the collection for any filter but `_id`.
  const taken = new Set((await deps.models.User.find({}, { accountKey: 1 }).lean()).map((user) => user.accountKey));
  let created = 0;
  let next = 0;
  const worker = async () => {
    while (next < students.length) {
      const student = students[next++]!;
      const email = normaliseEmail(student.email);
      if (taken.has(email)) continue;
      const college = COLLEGES.find((entry) => entry._id === student.collegeId) ?? null;
      try {
        await createUser(deps, {
          accountKey: email,
          email,
          passwordHash,
          firstName: student.firstName,
          lastName: student.lastName,
          collegeId: student.collegeId,
          isVerified: college ? emailBelongsToCollege(email, college) : false,
          // Demo and test campuses: their addresses count as confirmed (nobody reads those mailboxes).
          emailConfirmedAt: new Date(),
        });
        created += 1;
      } catch (err) {
        // Registered meanwhile (the unique index refused the second): already there is fine.
        if ((err as { status?: number }).status !== 409) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return created;
}
