import { z } from "zod";

/**
 * Zod, set to never compile parsers with `new Function`: our Content Security Policy forbids eval, and Zod's probe
 * for it is reported as a CSP violation in every browser even though Zod copes. Schemas import `z` from here, so
 * the setting is made before any schema exists (Zod reads it when a schema is built).
 */
z.config({ jitless: true });

export { z };
