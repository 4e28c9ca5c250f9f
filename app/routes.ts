import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the spec's route tables. Later issues add their screens here.
export default [
  index("routes/public/home.tsx"),
  route("404", "routes/public/not-found.tsx", { id: "not-found-page" }),
  route("*", "routes/public/not-found.tsx", { id: "not-found-catch-all" }),
] satisfies RouteConfig;
