/**
 * LGAs and landmarks for demo and generated listings (issue 17, ADR 22). Deterministic without drawing from
 * the demo's random sequence (so every other demo value stays as it was): the LGA follows the listing's
 * area, the landmark a hash of its name.
 */
import { findLga, lgasOf } from "../../app/lib/nigeria-lgas";
import type { Region } from "../../app/lib/reference";
import { mulberry32 } from "./data";

/** The LGA each demo area (db/seed/data.ts LOCALITIES) lies in, by "state/area". */
const AREA_LGAS: Readonly<Record<string, string>> = {
  "Lagos/Ikeja": "Ikeja", "Lagos/Victoria Island": "Eti Osa", "Lagos/Lekki Phase 1": "Eti Osa", "Lagos/Surulere": "Surulere",
  "Lagos/Yaba": "Lagos Mainland", "Lagos/Ikorodu": "Ikorodu", "Lagos/Ajah": "Eti Osa", "Lagos/Festac Town": "Amuwo-Odofin",
  "Lagos/Ogba": "Ikeja", "FCT/Wuse 2": "Abuja Municipal", "FCT/Garki": "Abuja Municipal", "FCT/Gwarinpa": "Abuja Municipal",
  "FCT/Kubwa": "Bwari", "FCT/Utako": "Abuja Municipal", "FCT/Maitama": "Abuja Municipal", "Rivers/Rumuola": "Obio/Akpor",
  "Rivers/Trans-Amadi": "Port Harcourt", "Rivers/GRA Phase 2": "Port Harcourt", "Rivers/Rumuokoro": "Obio/Akpor",
  "Rivers/D-Line": "Port Harcourt", "Oyo/Bodija": "Ibadan North", "Oyo/Ring Road": "Ibadan South-West", "Oyo/Dugbe": "Ibadan North-West",
  "Oyo/Mokola": "Ibadan North", "Oyo/Takie": "Ogbomosho North", "Kano/Nassarawa GRA": "Nassarawa", "Kano/Sabon Gari": "Fagge",
  "Kano/Fagge": "Fagge", "Kano/Tarauni": "Tarauni", "Kaduna/Kaduna North": "Kaduna North", "Kaduna/Barnawa": "Kaduna South",
  "Kaduna/Samaru": "Sabon Gari", "Enugu/Ogui": "Enugu North", "Enugu/Independence Layout": "Enugu East", "Enugu/Achara Layout": "Enugu South",
  "Enugu/Trans-Ekulu": "Enugu East", "Anambra/Onitsha": "Onitsha North", "Anambra/Awka": "Awka South", "Anambra/Nnewi": "Nnewi North",
  "Edo/GRA": "Oredo", "Edo/Uselu": "Egor", "Edo/Ring Road": "Oredo", "Delta/Effurun": "Uvwie", "Delta/Warri": "Warri South",
  "Delta/Asaba": "Oshimili South", "Ogun/Oke-Ilewo": "Abeokuta South", "Ogun/Kuto": "Abeokuta South", "Ogun/Sango-Ota": "Ado-Odo/Ota",
  "Ogun/Ijebu-Ode": "Ijebu Ode", "Akwa Ibom/Uyo": "Uyo", "Akwa Ibom/Eket": "Eket", "Cross River/Calabar South": "Calabar South",
  "Cross River/State Housing": "Calabar Municipal", "Plateau/Jos North": "Jos North", "Plateau/Rayfield": "Jos South",
  "Kwara/GRA": "Ilorin West", "Kwara/Challenge": "Ilorin South", "Imo/Owerri": "Owerri Municipal", "Imo/New Owerri": "Owerri North",
  "Abia/Aba": "Aba South", "Abia/Umuahia": "Umuahia North", "Osun/Osogbo": "Osogbo", "Osun/Ile-Ife": "Ife Central",
  "Ondo/Akure": "Akure South", "Ekiti/Ado-Ekiti": "Ado Ekiti", "Benue/Makurdi": "Makurdi", "Niger/Minna": "Chanchaga",
  "Nasarawa/Lafia": "Lafia", "Nasarawa/Keffi": "Keffi", "Kogi/Lokoja": "Lokoja", "Bauchi/Bauchi": "Bauchi", "Borno/Maiduguri": "Maiduguri",
  "Sokoto/Sokoto": "Sokoto North", "Katsina/Katsina": "Katsina", "Bayelsa/Yenagoa": "Yenagoa", "Gombe/Gombe": "Gombe",
  "Ebonyi/Abakaliki": "Abakaliki",
};

/** The LGA of a demo area, or null for an area not in the table (or whose LGA is not of the state). */
export function lgaOfArea(state: Region, area: string): string | null {
  return findLga(state, AREA_LGAS[`${state}/${area}`]);
}

/** An LGA of the state for a listing without a known area (the generator), picked by a number in [0, 1). */
export function lgaAt(state: Region, at: number): string {
  const lgas = lgasOf(state);
  return lgas[Math.min(lgas.length - 1, Math.floor(at * lgas.length))]!;
}

/** Well-known places people give directions by. */
const PLACES = [
  "First Bank", "GTBank", "Access Bank", "Zenith Bank", "UBA", "Total filling station", "NNPC filling station", "Conoil filling station",
  "the main market", "the central mosque", "St. Mary's Catholic Church", "the Redeemed church", "the police station", "the general hospital",
  "the post office", "Shoprite", "the bus stop", "the motor park", "the town hall", "the primary school", "the roundabout", "the overhead bridge",
  "the MTN office", "the Glo office", "the stadium", "the local government secretariat",
] as const;
const RELATIONS = ["Opposite", "Beside", "Near", "Behind", "Close to", "Adjacent to", "After", "Before"] as const;

/** A landmark line for a listing (about 7 in 10 have one), from a hash of its name; 'Opposite First Bank, Allen Avenue'. */
export function landmarkFor(name: string, street: string | null): string | null {
  const rng = mulberry32(hash(name));
  if (rng() >= 0.7) return null;
  const relation = RELATIONS[Math.floor(rng() * RELATIONS.length)]!;
  const place = PLACES[Math.floor(rng() * PLACES.length)]!;
  return street && rng() < 0.5 ? `${relation} ${place}, ${street}` : `${relation} ${place}`;
}

/** The street of an address like '41 Adeniran Ogunsanya Street, Surulere, Lagos' (without its number), or null. */
export function streetOf(address: string | null): string | null {
  const first = address?.split(",")[0]?.replace(/^\d+[A-Za-z]?\s+/, "").trim();
  return first || null;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The LGA and landmark of a generated listing (bench/generate), from a hash of `key` (its name and address):
 * about 1 in 10 has no LGA (as listings made before LGAs existed), most of the rest lie in their area's LGA,
 * the others anywhere in the state; landmarks as landmarkFor.
 */
export function generatedPlace(state: Region, area: string, key: string, street: string | null): { lga: string | null; landmark: string | null } {
  const at = hash(`lga:${key}`) / 2 ** 32;
  const lga = at < 0.1 ? null : at < 0.7 ? (lgaOfArea(state, area) ?? lgaAt(state, (at - 0.1) / 0.9)) : lgaAt(state, (at - 0.1) / 0.9);
  return { lga, landmark: landmarkFor(key, street) };
}
