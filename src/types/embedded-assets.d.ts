/**
 * Files imported `with { type: "file" }` are embedded in the compiled binary; the import yields a path
 * that `Bun.file()` opens at run time. These declarations give those imports their type.
 */
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}
declare module "swagger-ui-dist/swagger-ui.css" {
  const path: string;
  export default path;
}
