// Seeded randomness for the demo data: the same seed and stream name always give the same sequence,
// so two seeds with the same `now` write identical rows. Each part of the seed draws from its own
// named stream, so adding data in one part does not reshuffle every other part.
import { Faker, base, en, en_US } from "@faker-js/faker";

export const SEED = 2026;

/** FNV-1a: turns a stream name into a 32-bit seed component. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: string) {
    // sfc32, warmed up: small, fast and plenty random for fake data.
    this.a = seed >>> 0;
    this.b = hashString(stream);
    this.c = 0x9e3779b9;
    this.d = 1;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick() from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  digits(length: number): string {
    return this.chars("0123456789", length);
  }
}

export function createRandom(stream: string): Random {
  return new Random(SEED, stream);
}

/** A Faker instance of its own (never the shared global one), seeded per stream. */
export function createFaker(stream: string): Faker {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed([SEED, hashString(stream)]);
  return faker;
}

/**
 * Splits `total` over the weights so the parts sum exactly to `total` (largest remainder), keeping
 * every part with a positive weight at least `minimum` when the total allows it.
 */
export function apportion(total: number, weights: readonly number[], minimum = 0): number[] {
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  const floors = weights.map((w) => (w > 0 ? Math.max(minimum, Math.floor((total * w) / weightSum)) : 0));
  let assigned = floors.reduce((sum, n) => sum + n, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (total * w) / weightSum - Math.floor((total * w) / weightSum) }))
    .sort((x, y) => y.rest - x.rest || x.i - y.i);
  for (let k = 0; assigned < total; k = (k + 1) % order.length) {
    const i = order[k]!.i;
    if (weights[i]! > 0) {
      floors[i]!++;
      assigned++;
    }
  }
  for (let k = order.length - 1; assigned > total; k = (k - 1 + order.length) % order.length) {
    const i = order[k]!.i;
    if (floors[i]! > minimum) {
      floors[i]!--;
      assigned--;
    }
  }
  return floors;
}
