/**
 * The words people search with for a kind of business (issue 36, ADR 40): English variants, Nigerian Pidgin,
 * Hausa, Yoruba and Igbo names, each leading to the words our listings use ('chemist' → pharmacy, 'mama put' →
 * eatery). One reviewed list: search (internal/search-terms.ts) reads it in every language, whatever the page's
 * language, since people mix them. Pure and client-safe.
 *
 * An entry: `finds`, the words listings carry (category names and what owners write; each is searched as a whole
 * word with its plural; the words of a phrase all together), and `says`, what people type, per language: a word or a phrase of up to three words,
 * lower-case, with or without tone marks (both spellings are listed where people write both).
 *
 * `category`: the directory's category the names stand for (the home page's 'Popular This Week' counts searches by it).
 *
 * Review status: drafted from common usage (Nigerian newspapers, BBC Pidgin/Hausa/Yoruba/Igbo, Nigerian web
 * forums); not yet reviewed by native speakers, like the catalogs (app/locales/README.md).
 */
import type { Category } from "../../lib/reference";

export type SynonymEntry = {
  /** The category these names stand for ('Popular This Week' counts a search by it). */
  category: Category;
  finds: readonly string[];
  says: { en?: readonly string[]; pcm?: readonly string[]; ha?: readonly string[]; yo?: readonly string[]; ig?: readonly string[] };
};

export const SEARCH_SYNONYMS: readonly SynonymEntry[] = [
  {
    category: "Pharmacy store",
    finds: ["pharmacy", "chemist"],
    says: {
      en: ["chemist", "drugstore", "drug store", "medicine store", "patent medicine", "patent medicine store"],
      pcm: ["chemist", "medicine shop", "drug shop"],
      ha: ["kantin magani", "shagon magani", "kemis", "kyamis"],
      yo: ["ilé ìtajà oògùn", "ile itaja oogun", "ṣọ́ọ̀bù oògùn", "soobu oogun", "oníṣègùn òyìnbó", "onisegun oyinbo"],
      ig: ["ụlọ ahịa ọgwụ", "ulo ahia ogwu", "kemist"],
    },
  },
  {
    category: "Eatery",
    finds: ["eatery", "restaurant", "buka", "bukka"],
    says: {
      en: ["canteen", "food canteen", "local restaurant", "chop house", "chophouse", "food joint"],
      pcm: ["mama put", "mama-put", "buka", "bukka", "chop house", "food seller"],
      ha: ["mai abinci", "gidan abinci", "wurin cin abinci", "mai tuwo"],
      yo: ["ilé oúnjẹ", "ile ounje", "ibi ìjẹun", "ibi ijeun", "búkà", "buka"],
      ig: ["ụlọ nri", "ulo nri", "ebe a na-ere nri", "nri"],
    },
  },
  {
    category: "Vulcanizer",
    finds: ["vulcanizer", "vulcaniser", "tyre", "tyres"],
    says: {
      en: ["tyre repair", "tire repair", "tyre repairer", "puncture repair", "vulcaniser", "vulcanizing"],
      pcm: ["vulcanizer", "vulcaniser", "tyre man", "gum tyre"],
      ha: ["mai faci", "mai gyaran taya", "faci"],
      yo: ["alátùn táyà", "alatun taya", "onítáyà", "onitaya"],
      ig: ["onye na-edozi taya", "taya"],
    },
  },
  {
    category: "Mechanic",
    finds: ["mechanic"],
    says: {
      en: ["auto repair", "car repair", "motor mechanic", "garage", "auto mechanic"],
      pcm: ["mechanic", "mechanic workshop", "rewire"],
      ha: ["makanike", "mai gyaran mota", "kanikanci"],
      yo: ["mẹkáníìkì", "mekaniiki", "atúnṣe ọkọ̀", "atunse oko"],
      ig: ["onye mekanik", "mekanik", "onye na-edozi ụgbọ ala"],
    },
  },
  {
    category: "Tailor",
    finds: ["tailor", "fashion"],
    says: {
      en: ["seamstress", "dressmaker", "clothier", "sewing"],
      pcm: ["tailor", "fashion designer", "aso ebi tailor"],
      ha: ["tela", "teloli", "mai ɗinki", "mai dinki"],
      yo: ["aránṣọ", "aranso", "télọ̀", "telo"],
      ig: ["onye na-akwa akwa", "onye akwa", "tela"],
    },
  },
  {
    category: "Barber shop",
    finds: ["barber", "barbing"],
    says: {
      en: ["barbershop", "barbing salon", "haircut", "hair cut"],
      pcm: ["barbing salon", "barber", "low cut"],
      ha: ["wanzami", "mai aski", "aski"],
      yo: ["onígbàjámọ̀", "onigbajamo", "ìfárí", "ifari"],
      ig: ["onye na-akpụ isi", "akpụ isi", "akpu isi"],
    },
  },
  {
    category: "Beauty salon",
    finds: ["beauty", "salon", "hair"],
    says: {
      en: ["hair salon", "hairdresser", "beauty parlour", "beauty parlor", "braids", "nail salon"],
      pcm: ["salon", "hair salon", "make up"],
      ha: ["mai kitso", "kitso", "gidan gyaran gashi"],
      yo: ["onídìrí", "onidiri", "ilé ìṣaralóge", "ile isaraloge"],
      ig: ["onye na-edozi ntutu", "ntutu"],
    },
  },
  {
    category: "Electrician",
    finds: ["electrician"],
    says: {
      en: ["electrical repair", "wiring", "electrical contractor"],
      pcm: ["electrician", "light man", "nepa man"],
      ha: ["mai gyaran wuta", "mai lantarki", "lantarki"],
      yo: ["oníná mànàmáná", "onina manamana", "oníwáyà", "oniwaya"],
      ig: ["onye ọkụ eletrik", "onye oku eletrik", "eletrik"],
    },
  },
  {
    category: "Plumber",
    finds: ["plumber", "plumbing"],
    says: {
      en: ["plumbing", "pipe repair", "water leak", "borehole"],
      pcm: ["plumber", "pipe man"],
      ha: ["mai gyaran famfo", "famfo", "mai aikin famfo"],
      yo: ["oníṣẹ́ páìpù", "onise paipu", "páìpù omi", "paipu omi"],
      ig: ["onye na-edozi pọmpụ", "pọmpụ", "pompu"],
    },
  },
  {
    category: "Generator repair",
    finds: ["generator"],
    says: {
      en: ["generator repairer", "gen repair", "generator mechanic"],
      pcm: ["gen repair", "gen man", "generator man"],
      ha: ["mai gyaran janareta", "janareta", "injin wuta"],
      yo: ["atúnṣe jẹnẹrétọ̀", "atunse jenereto", "jẹnẹrétọ̀", "jenereto"],
      ig: ["onye na-edozi jenereto", "jenereto"],
    },
  },
  {
    category: "Gas refill station",
    finds: ["gas refill", "cooking gas", "lpg"],
    says: {
      en: ["cooking gas", "lpg", "gas plant", "gas station"],
      pcm: ["gas refill", "cooking gas", "gas plant"],
      ha: ["gas ɗin girki", "gas din girki", "gidan gas"],
      yo: ["gáàsì ìdáná", "gaasi idana"],
      ig: ["gas esi nri"],
    },
  },
  {
    category: "Filling station",
    finds: ["filling station", "petrol", "fuel station"],
    says: {
      en: ["petrol station", "fuel station", "gas station", "petrol"],
      pcm: ["filling station", "fuel station", "petrol station"],
      ha: ["gidan mai", "gidajen mai"],
      yo: ["ilé epo", "ile epo", "ibùdó epo", "ibudo epo"],
      ig: ["ebe a na-ere mmanụ ụgbọ", "mmanụ ụgbọ ala"],
    },
  },
  {
    category: "Hospital",
    finds: ["hospital", "clinic"],
    says: {
      en: ["medical centre", "medical center", "health centre", "health center", "doctor"],
      pcm: ["hospital", "clinic", "doctor"],
      ha: ["asibiti", "likita", "shan magani"],
      yo: ["ilé ìwòsàn", "ile iwosan", "dókítà", "dokita"],
      ig: ["ụlọ ọgwụ", "ulo ogwu", "dọkịta", "dokita"],
    },
  },
  {
    category: "Supermarket",
    finds: ["supermarket", "grocery"],
    says: {
      en: ["provisions", "provision store", "minimart", "mini mart", "groceries"],
      pcm: ["provision shop", "provision store", "supermarket"],
      ha: ["babban shago", "shagon kayan abinci"],
      yo: ["ṣọ́ọ̀bù ńlá", "soobu nla", "ọjà oúnjẹ", "oja ounje"],
      ig: ["ụlọ ahịa ukwu", "ulo ahia ukwu", "ahịa nri"],
    },
  },
  {
    category: "Laundry",
    finds: ["laundry", "cleaner"],
    says: {
      en: ["dry cleaning", "drycleaner", "laundromat", "wash and iron"],
      pcm: ["dry cleaner", "laundry", "wash and iron"],
      ha: ["mai wanki", "mai guga", "wanki da guga"],
      yo: ["alágbàfọ̀", "alagbafo", "ìfọṣọ", "ifoso"],
      ig: ["onye na-asa akwa", "asa akwa"],
    },
  },
  {
    category: "Carpenter",
    finds: ["carpenter", "furniture"],
    says: {
      en: ["woodwork", "joiner", "furniture maker"],
      pcm: ["carpenter", "furniture man"],
      ha: ["kafinta", "masassaƙi", "masassaki"],
      yo: ["gbẹ́nàgbẹ́nà", "gbenagbena", "káfíńtà", "kafinta"],
      ig: ["onye ọkwa nkà osisi", "kapenta"],
    },
  },
  {
    category: "Hotel",
    finds: ["hotel"],
    says: {
      en: ["guest house", "guesthouse", "inn", "lodge", "motel"],
      pcm: ["hotel", "guest house"],
      ha: ["otal", "masauki", "gidan baƙi", "gidan baki"],
      yo: ["ilé ìtura", "ile itura", "hòtẹ́ẹ̀lì", "hoteeli"],
      ig: ["họtel", "hotel", "ụlọ ndị ọbịa", "ulo ndi obia"],
    },
  },
  {
    category: "School",
    finds: ["school"],
    says: {
      en: ["nursery school", "primary school", "secondary school", "academy", "college"],
      pcm: ["school"],
      ha: ["makaranta", "islamiyya"],
      yo: ["ilé ìwé", "ile iwe"],
      ig: ["ụlọ akwụkwọ", "ulo akwukwo"],
    },
  },
  {
    category: "Bakery",
    finds: ["bakery", "bread"],
    says: {
      en: ["bakehouse", "bread seller"],
      pcm: ["bread house", "bakery"],
      ha: ["gidan burodi", "burodi", "biredi"],
      yo: ["búrẹ́dì", "buredi", "ilé búrẹ́dì", "ile buredi"],
      ig: ["achịcha", "achicha", "ụlọ achịcha"],
    },
  },
  {
    category: "Eatery",
    finds: ["tea", "mai shayi"],
    says: {
      en: ["tea seller", "tea joint", "mai tea"],
      pcm: ["mai tea", "mai shayi", "tea joint"],
      ha: ["mai shayi", "shayi", "mai tea"],
    },
  },
  {
    category: "Mobile phone store",
    finds: ["phone", "mobile phone"],
    says: {
      en: ["cell phone", "mobile phones", "phone repair", "gsm"],
      pcm: ["phone shop", "phone repair", "gsm village"],
      ha: ["wayar hannu", "mai gyaran waya", "shagon waya"],
      yo: ["fóònù", "foonu", "ṣọ́ọ̀bù fóònù"],
      ig: ["ekwentị", "ekwenti", "ụlọ ahịa ekwentị"],
    },
  },
  {
    category: "Car wash",
    finds: ["car wash", "carwash"],
    says: {
      en: ["car washing", "carwash", "auto wash"],
      pcm: ["car wash", "wash car"],
      ha: ["wankin mota", "mai wankin mota"],
      yo: ["ìfọ ọkọ̀", "ifo oko"],
      ig: ["ịsa ụgbọ ala", "isa ugbo ala"],
    },
  },
  {
    category: "Courier service",
    finds: ["courier", "logistics", "delivery"],
    says: {
      en: ["dispatch", "dispatch rider", "delivery service", "parcel"],
      pcm: ["dispatch rider", "dispatch", "delivery"],
      ha: ["mai kai saƙo", "mai kai sako", "isar da kaya"],
      yo: ["ìfijíṣẹ́", "ifijise", "olùránṣẹ́", "oluranse"],
      ig: ["onye na-ebu ozi", "nnyefe ngwongwo"],
    },
  },
];
