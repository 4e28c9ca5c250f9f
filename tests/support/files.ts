import { readdir } from "node:fs/promises";
import path from "node:path";

/** Every file under a folder (recursively), as sorted paths relative to it; [] when the folder is missing. */
export async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}
