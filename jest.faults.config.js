// `npm run test:faults`: scenarios that break a running Quad on purpose (SIGKILL, SIGSTOP, a server
// down) and print what they injected and what was lost or duplicated. Not part of `npm test`: they
// take minutes, and they stop and freeze servers, so they run one at a time (--runInBand).
const base = require('./jest.config.js');
const server = base.projects.find((project) => project.displayName === 'server');

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 300_000,
  projects: [
    {
      ...server,
      displayName: 'faults',
      roots: ['<rootDir>/faults'],
      testMatch: ['**/*.faults.ts'],
    },
  ],
};
