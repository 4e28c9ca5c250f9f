// ESLint flat config: @eslint/js + typescript-eslint recommended + React hooks rules, and the architecture's
// boundaries (docs/decisions/0010-boundaries-the-linter-enforces.md): which layer may import which, a feature
// reaching another only through its public files, no unescaped HTML, kebab-case file names.
import { readdirSync, readFileSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import checkFile from "eslint-plugin-check-file";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** What git ignores is not ours to lint either (build output, local data, scratch files). */
function gitignored() {
  let text = "";
  try {
    text = readFileSync(new URL("./.gitignore", import.meta.url), "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"))
    .map((line) => {
      const anchored = line.startsWith("/");
      const pattern = line.replace(/^\//, "");
      return anchored || pattern.replace(/\/$/, "").includes("/") ? pattern : `**/${pattern}`;
    });
}

// Node's globals for the plain JavaScript files (scripts, configs). TypeScript files are checked by tsc.
const nodeGlobals = Object.fromEntries(
  [
    "process", "console", "Buffer", "URL", "URLSearchParams", "fetch", "Response", "Request", "Headers",
    "AbortController", "AbortSignal", "TextEncoder", "TextDecoder", "setTimeout", "clearTimeout",
    "setInterval", "clearInterval", "setImmediate", "clearImmediate", "queueMicrotask", "structuredClone",
    "globalThis", "performance", "crypto",
  ].map((name) => [name, "readonly"]),
);

/**
 * Which features each feature may import (only their public files). Dependencies run one way; a new
 * feature folder must be added here, or linting stops with a message saying so.
 */
const FEATURE_DEPENDENCIES = {
  accounts: [],
  profile: ["accounts"],
  feedback: ["accounts"],
  notifications: ["accounts"],
  messaging: ["accounts", "notifications", "analytics"],
  plans: ["accounts"],
  analytics: ["accounts", "plans", "notifications"],
  verification: ["accounts", "notifications"],
  kyc: ["accounts", "verification"],
  listings: ["accounts", "plans", "notifications", "kyc", "verification"],
  featured: ["accounts", "listings"],
  payments: ["accounts", "plans", "featured", "notifications"],
  directory: ["accounts", "listings", "featured", "reviews", "analytics", "verification", "offers"],
  admin: ["accounts", "listings", "featured", "feedback", "kyc", "payments", "reports", "reviews", "analytics", "suggestions", "verification"],
  privacy: ["accounts", "listings", "reviews"],
  reviews: ["accounts", "messaging", "notifications"],
  reports: ["accounts", "listings", "reviews", "offers"],
  imports: ["directory"],
  suggestions: ["accounts", "listings", "notifications", "directory"],
  offers: ["accounts", "listings", "plans", "notifications"],
  quotes: ["accounts", "messaging", "analytics"],
};

/** The feature folders (app/features/<domain>), read from the tree so a new feature is covered at once. */
const FEATURES = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unmapped = FEATURES.filter((feature) => !(feature in FEATURE_DEPENDENCIES));
if (unmapped.length > 0) throw new Error(`eslint.config.js: add ${unmapped.join(", ")} to FEATURE_DEPENDENCIES (which features it may import).`);

/** Tests and benches may reach anything they need to set up or observe; the boundaries are for the product. */
const NOT_PRODUCT = ["**/*.test.ts", "**/*.test.tsx", "tests/**", "bench/**"];

const LAYERS = "docs/architecture.md, 'Where code goes'";

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "coverage/", ...gitignored()],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React code only: server-side helpers such as useDatabase() are not hooks, whatever their name.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs,jsx}"],
    rules: {
      // Names starting with _ are deliberately unused (placeholders, rest siblings).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Input validation matches control characters on purpose (/[\u0000-\u001f]/ to refuse them).
      "no-control-regex": "off",
      // `declare module` augmentation (vitest ProvidedContext, react-router AppLoadContext) needs interfaces.
      "@typescript-eslint/consistent-type-definitions": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // Layers: lib → components → features → routes → server. A lower layer never imports a higher one, and a
    // feature reaches another feature only through its public files, never its internal/ folder.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: NOT_PRODUCT,
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      // Dependencies between features run one way (messaging → notifications, payments → plans, …): a cycle fails.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/lib",
              from: ["./app/features", "./app/routes", "./app/components", "./server"],
              message: `app/lib is the bottom layer: it imports no feature, route, component or server module (${LAYERS}).`,
            },
            {
              target: "./app/enhance",
              from: ["./app/features", "./app/routes", "./app/components", "./server", "./app/root.tsx"],
              message: `app/enhance (the reader pages' behaviours, ADR 29) is plain browser code above app/lib: it imports no component, feature, route or server module (${LAYERS}).`,
            },
            {
              target: "./app/components",
              from: ["./app/features", "./app/routes"],
              message: `app/components (layout chrome and the ui/ primitives) never imports a feature or a route: pass data in as props (${LAYERS}).`,
            },
            {
              target: "./app/features",
              from: ["./app/routes", "./server"],
              message: `A feature never imports a route or the Hono server: routes call use cases, not the other way round (${LAYERS}).`,
            },
            ...FEATURES.map((feature) => ({
              target: `./app/features/${feature}`,
              from: `./app/features/!(${feature})/internal/**`,
              message: `A feature reaches another only through its public files (schemas, policies, components, the use cases it exports), never its internal/ folder (${LAYERS}).`,
            })),
            ...FEATURES.map((feature) => ({
              target: `./app/features/${feature}`,
              from: `./app/features/!(${[feature, ...FEATURE_DEPENDENCIES[feature]].join("|")})/**`,
              message: `${feature} may import only ${FEATURE_DEPENDENCIES[feature].join(", ") || "no other feature"}: dependencies between features run one way (FEATURE_DEPENDENCIES in eslint.config.js, ${LAYERS}).`,
            })),
            {
              target: ["./app/routes", "./app/root.tsx", "./app/entry.server.tsx", "./server"],
              from: "./app/features/*/internal/**",
              message: `Routes and the server call a feature's use cases, never its internal/ helpers (${LAYERS}).`,
            },
          ],
        },
      ],
    },
  },
  {
    // Routes stay thin: they parse, call a use case and map its answer. The database is the use cases' business.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: NOT_PRODUCT,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^drizzle-orm(/|$)", message: "Routes never query the database: call a use case in app/features (docs/decisions/0010)." },
            { regex: "(^|/)db/schema(/|$)", message: "Routes never touch tables: call a use case in app/features (docs/decisions/0010)." },
            { regex: "(^|/)lib/db\\.server$", message: "Routes never open the database: call a use case in app/features (docs/decisions/0010)." },
          ],
        },
      ],
    },
  },
  {
    // Schemas take Zod from app/lib/zod.ts, which turns off its eval probe (a CSP violation in every browser).
    files: ["app/features/**/*.ts", "app/lib/**/*.ts", "app/components/**/*.ts"],
    ignores: [...NOT_PRODUCT, "app/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", allowTypeImports: true, message: "Import z from app/lib/zod.ts (Zod without eval, for our CSP)." }] },
      ],
    },
  },
  {
    // The reader pages' script (ADR 29) is the only JavaScript anonymous visitors download: no React, no router,
    // nothing server-side, so it stays a few kilobytes.
    files: ["app/enhance/**/*.ts"],
    ignores: NOT_PRODUCT,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^react(-dom|-router)?(/|$)", message: "app/enhance runs without React: plain DOM code only (ADR 29)." },
            { regex: "\\.server(\\.ts)?$", message: "app/enhance runs in the browser: no server modules (ADR 29)." },
            {
              regex: "(^|/)(i18n|i18next)(/|$)",
              message: "app/enhance carries no translation library (ADR 40): the page gives it its texts in data-text-… attributes.",
            },
          ],
        },
      ],
    },
  },
  {
    // No user text is ever rendered as HTML: the only unescaped string is the JSON-LD helper's.
    files: ["**/*.tsx"],
    ignores: ["app/components/json-ld.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "No dangerouslySetInnerHTML: render text as text; structured data goes through app/components/json-ld.tsx.",
        },
      ],
    },
  },
  {
    // One naming style for files and folders: kebab-case (use-case files are verb-noun: create-listing.server.ts).
    files: ["{app,server,db,cli,tests,bench,scripts}/**/*.{ts,tsx,mts,mjs}"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": ["error", { "**/*.{ts,tsx,mts,mjs}": "KEBAB_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": ["error", { "{app,server,db,cli,tests,bench,scripts}/**/": "KEBAB_CASE" }],
    },
  },
  {
    // Type-only declaration files describe plain JavaScript modules.
    files: ["**/*.d.ts", "**/*.d.mts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
