/**
 * Which of our categories an Overture Maps place is, from its category codes (issue 34): the written mapping the
 * importer uses for `import:osm --format overture`. The codes are Overture's place taxonomy
 * (https://github.com/OvertureMaps/schema, docs/schema/concepts/by-theme/places/overture_categories.csv at
 * 97d36d3, 2026-08-21; the schema's documents are CC BY 4.0), chosen where one of our categories is the same trade.
 * A place's primary code is looked up first, then its taxonomy's hierarchy from the most specific up, then its
 * alternates; a code ending in `_restaurant` (a cuisine: `african_restaurant`) is a restaurant. Anything else has
 * no category and is skipped, counted. Pure and client-safe.
 */
import type { Category } from "./reference";

export const OVERTURE_CATEGORIES: Readonly<Record<string, Category>> = {
  restaurant: "Restaurant/Bar", bar: "Restaurant/Bar", lounge: "Restaurant/Bar", pub: "Restaurant/Bar", hotel_bar: "Restaurant/Bar",
  fast_food_restaurant: "Eatery", food_court: "Eatery", cafe: "Eatery", coffee_shop: "Eatery", food_stand: "Eatery",
  hotel: "Hotel", motel: "Hotel", guest_house: "Hotel", bed_and_breakfast: "Hotel", hostel: "Hotel", resort: "Hotel",
  car_dealer: "Car dealer", used_car_dealer: "Car dealer", automotive_dealer: "Car dealer",
  car_wash: "Car wash", auto_detailing: "Car wash",
  tire_dealer_and_repair: "Tyre shop", tire_shop: "Tyre shop",
  // A tyre repairer by the road is a 'vulcanizer' here.
  tire_repair_shop: "Vulcanizer",
  gas_station: "Filling station", truck_gas_station: "Filling station",
  automotive_repair: "Mechanic", automotive_services_and_repair: "Mechanic", auto_body_shop: "Mechanic", auto_electrical_repair: "Mechanic",
  engine_repair_service: "Mechanic", brake_service_and_repair: "Mechanic", transmission_repair: "Mechanic", motorcycle_repair: "Mechanic",
  internet_cafe: "Internet cafe", cinema: "Cinema",
  poultry_farm: "Poultry farm", poultry_farming: "Poultry farm",
  gym: "Fitness centre", fitness_trainer: "Fitness centre",
  beauty_salon: "Beauty salon", hair_salon: "Beauty salon", nail_salon: "Beauty salon", beauty_and_spa: "Beauty salon",
  barber: "Barber shop",
  school: "School", elementary_school: "School", middle_school: "School", high_school: "School", private_school: "School",
  public_school: "School", preschool: "School", montessori_school: "School", college_university: "School",
  driving_school: "Driving school",
  accountant: "Accounting firm", tax_services: "Accounting firm",
  banks: "Bank", bank_credit_union: "Bank",
  bakery: "Bakery",
  auto_parts_and_supply_store: "Auto parts store", automotive_parts_and_accessories: "Auto parts store",
  pharmacy: "Pharmacy store", drugstore: "Pharmacy store",
  bookstore: "Bookshop",
  building_supply_store: "Building materials store",
  fashion: "Boutique", clothing_store: "Boutique", boutique: "Boutique", mens_clothing_store: "Boutique", womens_clothing_store: "Boutique",
  shoe_store: "Shoe store",
  cosmetic_and_beauty_supplies: "Cosmetics store",
  grocery_store: "Grocery store", convenience_store: "Grocery store", specialty_grocery_store: "Grocery store", international_grocery_store: "Grocery store",
  supermarket: "Supermarket",
  hardware_store: "Hardware store", home_improvement_store: "Hardware store",
  furniture_store: "Furniture store",
  electronics: "Electronics store", computer_store: "Electronics store",
  mobile_phone_store: "Mobile phone store", mobile_phone_accessories: "Mobile phone store",
  it_service_and_computer_repair: "Computer repair", electronics_repair_shop: "Computer repair", mobile_phone_repair: "Computer repair",
  generator_installation_repair: "Generator repair",
  photographer: "Photographer", photography_store_and_services: "Photographer",
  hospital: "Hospital",
  doctor: "Clinic", medical_center: "Clinic", walk_in_clinic: "Clinic", urgent_care_clinic: "Clinic", public_health_clinic: "Clinic", eye_care_clinic: "Clinic",
  dentist: "Dentist", general_dentistry: "Dentist", cosmetic_dentist: "Dentist",
  farm_equipment_and_supply: "Agricultural tools store", agricultural_seed_store: "Agricultural tools store", livestock_feed_and_supply_store: "Agricultural tools store",
  freight_and_cargo_service: "Logistics company", motor_freight_trucking: "Logistics company",
  courier_and_delivery_services: "Courier service", shipping_center: "Courier service",
  real_estate_agent: "Real estate agent", real_estate: "Real estate agent",
  travel_agents: "Travel agency", travel_services: "Travel agency", travel_company: "Travel agency",
  carpenter: "Carpenter", electrician: "Electrician", plumbing: "Plumber", painting: "Painter",
  interior_design: "Interior decorator", solar_installation: "Solar installer",
  lawyer: "Law firm",
  event_planning: "Event planner", wedding_planning: "Event planner", caterer: "Caterer", venue_and_event_space: "Event centre",
  laundry_services: "Laundry", laundromat: "Laundry", dry_cleaning: "Dry cleaner",
  sewing_and_alterations: "Tailor", gents_tailor: "Tailor",
  printing_services: "Printing press", screen_printing_t_shirt_printing: "Printing press",
  propane_supplier: "Gas refill station", natural_gas_supplier: "Gas refill station",
  water_supplier: "Water factory", bottled_water_company: "Water factory", water_store: "Water factory",
  security_services: "Security company",
  web_designer: "Web developer", software_development: "Web developer",
};

const byCode = (code: string | null | undefined): Category | null => {
  if (!code) return null;
  return OVERTURE_CATEGORIES[code] ?? (code.endsWith("_restaurant") ? "Restaurant/Bar" : null);
};

/** Our category for a place's codes (primary, its taxonomy's hierarchy, alternates), or null when we list no such business. */
export function categoryFromOverture(codes: { primary?: string | null; hierarchy?: readonly string[] | null; alternates?: readonly string[] | null }): Category | null {
  const candidates = [codes.primary, ...[...(codes.hierarchy ?? [])].reverse(), ...(codes.alternates ?? [])];
  for (const code of candidates) {
    const category = byCode(code);
    if (category) return category;
  }
  return null;
}
