// The card lists on the wire (ADR 017): what GET /api/cards/{list} answers and each refresh event
// carries. Still the whole list, every card and every field, but the text that repeats from card to card
// (stage headings, badge labels, fact labels, unit statuses, carriers, note authors, the dialogs a card
// opens) is sent once per list in a dictionary and the cards refer to it by position, each card is a
// tuple rather than an object with named keys, and what a card can rebuild from itself is not sent
// (cards/2): its order is its sort key, its search text is its own text plus a remainder, its
// key `form-<id>` is its form. Pure: the server encodes, the browser decodes, and decode(encode(list))
// is the list again, in board order (card-wire.test.ts).
import type { BoardCard, CardListName, CardListPayload, CardTone } from "./boards.ts";
import { CARD_LISTS, cardOwnSearchText, groupByStage } from "./boards.ts";

export const CARD_WIRE_FORMAT = "cards/2";

type Stage = BoardCard["stage"];
type Badge = BoardCard["badges"][number];
type Action = BoardCard["actions"][number];

/** An action's parameters: 0 and 1 are the card's own form or unit; anything else is sent as is. */
const PARAMS_OF_FORM = 0;
const PARAMS_OF_UNIT = 1;
type WireParams = typeof PARAMS_OF_FORM | typeof PARAMS_OF_UNIT | Record<string, string>;

/** The key of a card that stands for its form (`form-<formHistoryId>`). */
const KEY_OF_FORM = 0;
/** The search text of a card that is exactly its own text (cardOwnSearchText). */
const SEARCH_OWN = 0;

/**
 * One card, in this order: key (or 0: `form-<formHistoryId>`), stage (index), title, subtitle,
 * formHistoryId, unitNumber, badges (indexes), facts (the index of its labels in `dict.factLabels`,
 * then each value — itself when short, else its index among the list's repeated values), units (unit
 * number, status index, carrier index or -1, late 0/1, flat), days in stage, late 0/1, priority
 * ([reason, deadline] or 0), notes (count, or [count, author index, createdAt, subject] with a latest
 * note), actions (index in `dict.actionSets`), search text (0: the card's own text; "x": its own text,
 * a space and x; ["x"]: exactly x). No sort key: cards travel in board order (stage, then sort key).
 */
export type WireCard = [
  key: string | typeof KEY_OF_FORM,
  stage: number,
  title: string,
  subtitle: string | null,
  formHistoryId: number | null,
  unitNumber: string | null,
  badges: number[],
  facts: (number | string)[],
  units: (number | string)[],
  daysInStage: number,
  late: 0 | 1,
  priority: [string, string | null] | 0,
  notes: number | [number, number, string, string],
  actions: number,
  search: typeof SEARCH_OWN | string | [string],
];

export interface CardWireDictionary {
  stages: Stage[];
  badges: Badge[];
  labels: string[];
  /** The label sequences of cards' facts (indexes into `labels`): most cards of a list share a few. */
  factLabels: number[][];
  /** Fact values of FACT_VALUE_MIN_LENGTH characters or more (dates, places, truck mixes repeat). */
  values: string[];
  statuses: string[];
  carriers: string[];
  authors: string[];
  actions: Omit<Action, "params">[];
  /** Cards' action lists: action index and parameters, flat. */
  actionSets: (number | WireParams)[][];
}

export interface CardListWire {
  list: CardListName;
  generatedAt: string;
  format: typeof CARD_WIRE_FORMAT;
  dict: CardWireDictionary;
  cards: WireCard[];
}

/** Positions of distinct values, by a key that identifies a value. */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly positions = new Map<string, number>();
  constructor(private readonly keyOf: (value: T) => string) {}
  indexOf(value: T): number {
    const key = this.keyOf(value);
    let position = this.positions.get(key);
    if (position === undefined) {
      position = this.values.length;
      this.values.push(value);
      this.positions.set(key, position);
    }
    return position;
  }
}

const same = (value: string) => value;

/** Shorter fact values ("0", "12") are sent as they are: an index would be no shorter. */
const FACT_VALUE_MIN_LENGTH = 4;

function encodeParams(card: BoardCard, params: Action["params"]): WireParams {
  const names = Object.keys(params);
  if (names.length === 1 && card.formHistoryId !== null && params.formHistoryId === String(card.formHistoryId)) {
    return PARAMS_OF_FORM;
  }
  if (names.length === 1 && card.unitNumber !== null && params.unitNumber === card.unitNumber) return PARAMS_OF_UNIT;
  return { ...params };
}

function encodeSearch(card: BoardCard): WireCard[14] {
  const own = cardOwnSearchText(card);
  if (card.searchText === own) return SEARCH_OWN;
  if (card.searchText.startsWith(`${own} `)) return card.searchText.slice(own.length + 1);
  return [card.searchText];
}

function decodeSearch(own: string, search: unknown): string {
  if (search === SEARCH_OWN) return own;
  if (typeof search === "string") return `${own} ${search}`;
  if (Array.isArray(search) && typeof search[0] === "string") return search[0];
  throw new Error("card list: a card's search text is neither its own, nor its own and more, nor given");
}

/** The sort key a decoded card gets: its position in the list (cards travel in board order). */
function positionKey(position: number): string {
  return String(position).padStart(6, "0");
}

export function encodeCardList(payload: CardListPayload): CardListWire {
  // Board order (stage, then sort key): the order on the wire is the sort.
  const ordered = groupByStage(payload.cards).flatMap((group) => group.cards);
  const stages = new Dictionary<Stage>((stage) => `${stage.order}\u0000${stage.id}\u0000${stage.label}`);
  const badges = new Dictionary<Badge>((badge) => `${badge.tone}\u0000${badge.label}`);
  const labels = new Dictionary<string>(same);
  const factLabels = new Dictionary<number[]>((indexes) => indexes.join(","));
  const values = new Dictionary<string>(same);
  const statuses = new Dictionary<string>(same);
  const carriers = new Dictionary<string>(same);
  const authors = new Dictionary<string>(same);
  const actions = new Dictionary<Omit<Action, "params">>(
    (action) => `${action.id}\u0000${action.label}\u0000${action.modal}`,
  );
  const actionSets = new Dictionary<(number | WireParams)[]>((set) => JSON.stringify(set));

  const cards = ordered.map((card): WireCard => {
    const latest = card.notes.latest;
    return [
      card.formHistoryId !== null && card.key === `form-${card.formHistoryId}` ? KEY_OF_FORM : card.key,
      stages.indexOf(card.stage),
      card.title,
      card.subtitle,
      card.formHistoryId,
      card.unitNumber,
      card.badges.map((badge) => badges.indexOf(badge)),
      [
        factLabels.indexOf(card.facts.map((fact) => labels.indexOf(fact.label))),
        ...card.facts.map((fact) =>
          fact.value.length >= FACT_VALUE_MIN_LENGTH ? values.indexOf(fact.value) : fact.value,
        ),
      ],
      card.units.flatMap((unit) => [
        unit.unitNumber,
        statuses.indexOf(unit.status),
        unit.carrier === null ? -1 : carriers.indexOf(unit.carrier),
        unit.late ? 1 : 0,
      ]),
      card.daysInStage,
      card.late ? 1 : 0,
      card.priority ? [card.priority.reason, card.priority.deadline] : 0,
      latest ? [card.notes.count, authors.indexOf(latest.author), latest.createdAt, latest.subject] : card.notes.count,
      actionSets.indexOf(
        card.actions.flatMap((action) => [
          actions.indexOf({ id: action.id, label: action.label, modal: action.modal }),
          encodeParams(card, action.params),
        ]),
      ),
      encodeSearch(card),
    ];
  });
  return {
    list: payload.list,
    generatedAt: payload.generatedAt,
    format: CARD_WIRE_FORMAT,
    dict: {
      stages: stages.values,
      badges: badges.values,
      labels: labels.values,
      factLabels: factLabels.values,
      values: values.values,
      statuses: statuses.values,
      carriers: carriers.values,
      authors: authors.values,
      actions: actions.values,
      actionSets: actionSets.values,
    },
    cards,
  };
}

function pairs<T>(flat: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let at = 0; at < flat.length; at += size) groups.push(flat.slice(at, at + size));
  return groups;
}

/**
 * The list again, card by card as the server built it, in board order; each card's sort key is its
 * position (zero-padded), which sorts the cards of a stage as the server's keys did.
 */
export function decodeCardList(wire: CardListWire): CardListPayload {
  const { dict } = wire;
  const at = <T>(values: readonly T[], index: unknown): T => {
    const value = typeof index === "number" ? values[index] : undefined;
    if (value === undefined)
      throw new Error(`card list ${wire.list}: a card refers to entry ${String(index)} of its dictionary`);
    return value;
  };
  const cards = wire.cards.map((tuple, position): BoardCard => {
    const [
      key,
      stage,
      title,
      subtitle,
      formHistoryId,
      unitNumber,
      badges,
      facts,
      units,
      daysInStage,
      late,
      priority,
      notes,
      actions,
      search,
    ] = tuple;
    const paramsOf = (params: WireParams): Record<string, string> =>
      params === PARAMS_OF_FORM
        ? { formHistoryId: String(formHistoryId) }
        : params === PARAMS_OF_UNIT
          ? { unitNumber: unitNumber ?? "" }
          : { ...params };
    const [layout, ...factValues] = facts;
    const cardUnits = pairs(units, 4).map(([number, status, carrier, isLate]) => ({
      unitNumber: String(number),
      status: at(dict.statuses, status),
      carrier: carrier === -1 ? null : at(dict.carriers, carrier),
      late: isLate === 1,
    }));
    return {
      key: key === KEY_OF_FORM ? `form-${formHistoryId}` : key,
      list: wire.list,
      stage: { ...at(dict.stages, stage) },
      title,
      subtitle,
      formHistoryId,
      unitNumber,
      badges: badges.map((index) => ({ ...at(dict.badges, index) })),
      facts: at(dict.factLabels, layout).map((label, index) => {
        const value = factValues[index];
        return {
          label: at(dict.labels, label),
          value: typeof value === "number" ? at(dict.values, value) : String(value),
        };
      }),
      units: cardUnits,
      daysInStage,
      late: late === 1,
      priority: priority === 0 ? null : { reason: priority[0], deadline: priority[1] },
      notes:
        typeof notes === "number"
          ? { count: notes, latest: null }
          : { count: notes[0], latest: { author: at(dict.authors, notes[1]), createdAt: notes[2], subject: notes[3] } },
      actions: pairs(at(dict.actionSets, actions), 2).map(([index, params]) => ({
        ...at(dict.actions, index),
        params: paramsOf(params as WireParams),
      })),
      searchText: decodeSearch(cardOwnSearchText({ title, subtitle, unitNumber, units: cardUnits }), search),
      sortKey: positionKey(position),
    };
  });
  return { list: wire.list, generatedAt: wire.generatedAt, cards };
}

const TONES: ReadonlySet<CardTone> = new Set(["gray", "red", "orange", "green", "blue", "pink"]);

/** A wire list as far as the browser can tell before decoding it (a pushed or fetched value). */
export function isCardListWire(value: unknown): value is CardListWire {
  if (!value || typeof value !== "object") return false;
  const wire = value as Partial<CardListWire>;
  return (
    wire.format === CARD_WIRE_FORMAT &&
    typeof wire.list === "string" &&
    (CARD_LISTS as readonly string[]).includes(wire.list) &&
    typeof wire.generatedAt === "string" &&
    Array.isArray(wire.cards) &&
    !!wire.dict &&
    Array.isArray(wire.dict.stages) &&
    Array.isArray(wire.dict.badges) &&
    wire.dict.badges.every((badge) => TONES.has(badge.tone)) &&
    Array.isArray(wire.dict.labels) &&
    Array.isArray(wire.dict.factLabels) &&
    Array.isArray(wire.dict.values) &&
    Array.isArray(wire.dict.statuses) &&
    Array.isArray(wire.dict.carriers) &&
    Array.isArray(wire.dict.authors) &&
    Array.isArray(wire.dict.actions) &&
    Array.isArray(wire.dict.actionSets)
  );
}

// ---------------------------------------------------------------------------------------------
// The readable form: what GET /api/cards/{list} answers API clients by default.

export const READABLE_CARDS_FORMAT = "cards/readable";

/** A card as API clients read it: every field by name, without the board's own sort key and search text. */
export type ReadableCard = Omit<BoardCard, "searchText" | "sortKey">;

export interface ReadableCardList {
  list: CardListName;
  generatedAt: string;
  format: typeof READABLE_CARDS_FORMAT;
  /** In board order: by stage, most urgent first within a stage. */
  cards: ReadableCard[];
}

/** The wire list as named objects: decoded from the very list the compact form sends, so both always agree. */
export function readableCardList(wire: CardListWire): ReadableCardList {
  const { list, generatedAt, cards } = decodeCardList(wire);
  return {
    list,
    generatedAt,
    format: READABLE_CARDS_FORMAT,
    cards: cards.map(({ searchText: _searchText, sortKey: _sortKey, ...card }) => card),
  };
}
