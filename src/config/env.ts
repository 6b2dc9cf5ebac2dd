/** The process environment, or a stand-in for it (tests, `npm run openapi`). */
export type Env = Record<string, string | undefined>;
