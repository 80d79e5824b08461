import pkg from "../package.json" with { type: "json" };

/** The version baked into the binary at build time. */
export const VERSION: string = pkg.version;
