/**
 * Which listings the public directory shows, for other features' queries that must agree with it and use its partial
 * indexes (the importer's duplicate checks, issue 34): the predicate itself lives with the directory's queries.
 */
export { isPublicBusiness } from "./internal/public-business.server";
