// Kept in step with package.json by a test (__tests__/cli/frame.test.ts): the bundles cannot read
// package.json at run time, because users run dist/ from wherever the action was checked out.
export const VERSION = "0.1.0";
