// Contact details that pass the application's own checks: phones in the (###) ###-#### mask with the
// area codes of each state, 5-digit zips, and e-mail addresses on reserved .example domains.
import type { Faker } from "@faker-js/faker";
import { CITIES, type Place } from "./reference-data.ts";
import type { Random } from "./random.ts";

const AREA_CODES: Record<string, readonly string[]> = {
  TX: ["214", "469", "713", "832", "210", "512", "432", "361", "806", "817"],
  OK: ["405", "918"],
  LA: ["318", "225", "337"],
  AR: ["501"],
  MS: ["601"],
  AL: ["205", "251"],
  GA: ["404", "678", "912", "478"],
  FL: ["904", "407", "813"],
  NC: ["704", "919", "336"],
  SC: ["803", "864"],
  TN: ["615", "865", "901"],
  KY: ["502", "859"],
  VA: ["804", "757"],
  WV: ["304"],
  PA: ["412", "717"],
  OH: ["614", "216", "513"],
  IN: ["317", "260"],
  MI: ["313", "616"],
  IL: ["312", "309"],
  WI: ["414"],
  MN: ["612"],
  IA: ["515"],
  MO: ["816", "314"],
  KS: ["316"],
  NE: ["402"],
  CO: ["303", "719", "970"],
  WY: ["307"],
  ND: ["701"],
  MT: ["406"],
  UT: ["801"],
  NM: ["505"],
  AZ: ["602", "520"],
  NV: ["702", "775"],
  CA: ["661", "559", "916", "951"],
  OR: ["503"],
  WA: ["509"],
  ID: ["208"],
};

export function phoneIn(random: Random, state: string): string {
  const area = random.pick(AREA_CODES[state] ?? ["214"]);
  let exchange = random.int(201, 989);
  if (exchange === 555) exchange = 556;
  return `(${area}) ${exchange}-${random.digits(4)}`;
}

/** A plausible street zip near the city's: same first three digits. */
export function zipNear(random: Random, place: Place): string {
  return place.zip.slice(0, 3) + String(random.int(0, 99)).padStart(2, "0");
}

export function cityInOrNear(random: Random, state: string): Place {
  const sameState = CITIES.filter((c) => c.state === state);
  return sameState.length > 0 && random.chance(0.75) ? random.pick(sameState) : random.pick(CITIES);
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export interface Person {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string;
}

export function personAt(faker: Faker, random: Random, domain: string, state: string): Person {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const local = random.chance(0.5) ? `${firstName}.${lastName}` : `${firstName.charAt(0)}${lastName}`;
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email: `${local.toLowerCase().replace(/[^a-z.]/g, "")}@${domain}`,
    phone: phoneIn(random, state),
  };
}

export function streetAddress(faker: Faker): string {
  return faker.location.streetAddress().slice(0, 120);
}
