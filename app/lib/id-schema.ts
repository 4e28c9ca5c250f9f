import { z } from "./zod";
import { UUID_PATTERN } from "./ids";

/** A row id in a form or JSON body: a UUID, trimmed (app/lib/ids.ts says why ids are checked). */
export const IdSchema = z.string().trim().regex(UUID_PATTERN);
