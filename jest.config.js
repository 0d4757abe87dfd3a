// One root config, three projects: server code against real infrastructure, web components
// in jsdom, and end-to-end journeys in Chromium through the gateway.
const swc = (jsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: jsx },
      target: 'es2022',
      transform: jsx ? { react: { runtime: 'automatic' } } : undefined,
    },
    module: { type: 'commonjs' },
  },
];

// otplib's hash and base32 dependencies (@noble, @scure) ship only as ES modules, which jest on
// Node 20 cannot require: swc compiles them to CommonJS like our own code.
const esmDependencies = (transform) => ({ ...transform, '^.+/node_modules/@(scure|noble)/.+\\.js$': swc(false) });
const ESM_DEPENDENCIES_IGNORE = ['^(?!.*/node_modules/@(scure|noble)/).*/node_modules/'];

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    {
      displayName: 'server',
      // Node, with a NATS of each test file's own (packages/common/src/testing/own-nats-environment.ts).
      testEnvironment: '<rootDir>/packages/common/src/testing/own-nats-environment.ts',
      roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/infra/local', '<rootDir>/infra/test', '<rootDir>/scripts'],
      testMatch: ['**/test/**/*.test.ts'],
      transform: esmDependencies({ '^.+\\.tsx?$': swc(false) }),
      transformIgnorePatterns: ESM_DEPENDENCIES_IGNORE,
      globalSetup: '<rootDir>/packages/common/src/testing/global-setup.ts',
      globalTeardown: '<rootDir>/packages/common/src/testing/global-teardown.ts',
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/web'],
      testMatch: ['**/*.test.tsx', '**/*.test.ts'],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: { '\\.(css|svg|png)$': 'identity-obj-proxy' },
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.test.ts'],
      transform: esmDependencies({ '^.+\\.tsx?$': swc(false) }),
      transformIgnorePatterns: ESM_DEPENDENCIES_IGNORE,
      globalSetup: '<rootDir>/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/global-teardown.ts',
    },
  ],
};
