// What the CLI tests share: a diff as `git diff main` prints it. The bundled CLI, started as a user
// starts it, is ../support/package-bundle.ts's runBundledCli.

/** A diff as `git diff main` prints it: one new file. */
export const GREET_DIFF = `diff --git a/src/greet.js b/src/greet.js
new file mode 100644
index 0000000..a44321d
--- /dev/null
+++ b/src/greet.js
@@ -0,0 +1,3 @@
+export function greet(name) {
+  return "hello " + name;
+}
`;
