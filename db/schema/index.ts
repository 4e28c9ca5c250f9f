export * from "./auth";
export * from "./directory";
export * from "./marketplace";
export * from "./operations";
export * from "./reports";
export * from "./opening-hours";
export * from "./analytics";
export * from "./saved";
