/** The import commands' lines of `npm run cli -- help` (cli/import.ts runs them). */
export const IMPORT_USAGE = `  import:osm <file> [--dry-run] [--keep-missing]
                                   OpenStreetMap places as unclaimed listings, from .osm (XML), .osm.pbf or .geojson /
                                   Overpass JSON (--format osm|pbf|geojson when the name does not say), or Overture
                                   Maps places exported as GeoJSON or GeoJSON lines (--format overture); an import
                                   again updates what nobody claimed, and marks gone what the file no longer has
                                   (--keep-missing leaves them; more than a fifth of an area's listings only with
                                   --allow-mass-gone); --dry-run only reports
  import:csv <file> [--source NAME] [--dry-run] [--keep-missing]
                                   an operator's list (header: id,name,category and latitude,longitude or state,lga;
                                   optional phone,website,address,opening_hours,description); NAME (default: the
                                   file's name) keeps each list's rows apart
`;
