/** Fills a new database with the demo data. (Being written: see the seed task.) */
export async function seedDemoData(): Promise<Record<string, number>> {
  return {};
}
