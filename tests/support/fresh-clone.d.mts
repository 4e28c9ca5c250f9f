export declare function makeFreshClone(): { dir: string; files: number; remove(): Promise<void> };
export declare function treeDigest(dir: string): Record<string, string>;
