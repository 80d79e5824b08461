/**
 * The web pages' assets, embedded in the compiled binary with `import … with { type: "file" }`: each
 * import yields a path that `Bun.file()` opens at run time (see embedded-assets.d.ts).
 */
declare module "altcha/external" {
  const path: string;
  export default path;
}
declare module "altcha/altcha.css" {
  const path: string;
  export default path;
}
declare module "altcha/workers/pbkdf2" {
  const path: string;
  export default path;
}
declare module "*/assets/site.css" {
  const path: string;
  export default path;
}
declare module "*/assets/site.js" {
  const path: string;
  export default path;
}
declare module "*/assets/favicon.svg" {
  const path: string;
  export default path;
}
