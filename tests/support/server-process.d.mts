export declare const PROJECT_ROOT: string;
export declare function freePort(): Promise<number>;
export declare function hasProductionBuild(): boolean;

export type StopResult = {
  /** False when the server was still running after the timeout and had to be killed. */
  exitedInTime: boolean;
  code: number | null;
  signal: string | null;
  ms: number;
  output: string;
};

export type ProductionServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  pid: number | undefined;
  startupMs: number;
  stop(options?: { timeoutMs?: number }): Promise<StopResult>;
  output(): string;
};

export declare function startProductionServer(options?: {
  startTimeoutMs?: number;
  env?: Record<string, string>;
  logFile?: string;
  /** A port chosen beforehand (when PUBLIC_URL must name it); default a free one. */
  port?: number;
  /** The project copy to start in (default PROJECT_ROOT). */
  root?: string;
  /** Run `npm start` in `root`, as the README says, instead of `node scripts/start.mjs`. */
  npmStart?: boolean;
  /** A DATA_DIR an operator's command already filled (default a fresh one); removed at the end either way. */
  dataDir?: string;
}): Promise<ProductionServer>;
