// The three split dialogs (splitOrderModal and splitTradeModal, 'Split Order'; splitOffModal, 'Split Off Rents';
// ADR 049): one column per split with its Total on Order, Remaining, type counts and units,
// Add Split, Remove split, and units moved between splits. On the dialog kit: one form element
// posting Save (split-order, split-trade, split-off-rent). Without JavaScript every step is a submit button
// (`step`: Add Split, Remove split, Move to split N) that the server answers with the dialog after the step, the
// typed totals and counts travelling with it. With JavaScript the same steps run here (the rules' own
// functions): units are dragged between splits with @dnd-kit (pointer and keyboard, announced to screen
// readers), the buttons act in place, and only Save is posted, after the same checks the server runs.
import { Box, Button, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type KeyboardCoordinateGetter,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import {
  applySplitStep,
  decodeSplits,
  encodeSplits,
  fixedUnitMessage,
  fixedUnitRefusal,
  readSplitForm,
  SPLIT_FIELDS,
  SPLIT_INTENTS,
  type SPLIT_OFF_DIALOG,
  type SPLIT_ORDER_DIALOG,
  type SPLIT_TRADE_DIALOG,
  type SplitDialogData,
  splitStep,
} from "~/rules/splits/split-dialog.ts";
import {
  conservationRefusal,
  type Split,
  type SplitKind,
  SPLIT_MESSAGES,
  splitMessageMs,
  splitsRefusal,
  startSplits,
  type Step,
  TRUCK_TYPES,
} from "~/rules/splits/splits.ts";
import { useHydrated } from "../app-dialog.tsx";
import { FormMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, useDialogForm, useTimedMessage } from "./dialog-kit.tsx";
import { DefaultSubmit, Notice, SECTION_STYLE } from "./dialog-sections.tsx";
import { StaleVersionNotice } from "./order-history.tsx";
import {
  dragAnnouncements,
  dragId,
  dragUnit,
  type DragUnit,
  dropId,
  dropIndex,
  dropStep,
  fieldNumbers,
  neighbourSplit,
  SPLIT_DRAG_INSTRUCTIONS,
  typedStep,
  type UnitList,
  unitLists,
} from "./split-moves.ts";

/** The props of the three split dialogs: the same data (SplitDialogData) under three modal names. */
type SplitDialogProps = Omit<BoardDialogProps<"splitOrderModal">, "data"> & { data: SplitDialogData };

/** The three definitions, as types only: a component never carries its dialog's schemas. */
type SplitDefinition = typeof SPLIT_ORDER_DIALOG | typeof SPLIT_TRADE_DIALOG | typeof SPLIT_OFF_DIALOG;

export default function SplitDialog({ data, actionData, closeHref, readOnly }: SplitDialogProps) {
  const heading = (
    <Text as="p" size="2" color="gray">
      {data.requestLabel} · {data.companyName}
    </Text>
  );
  if (data.blocked || readOnly) {
    return (
      <Flex direction="column" gap="3">
        {heading}
        <Notice>{data.blocked ?? "This board is read only."}</Notice>
      </Flex>
    );
  }
  // A newer version (after "Load the latest version") starts afresh.
  return <SplitForm key={data.version} data={data} actionData={actionData} closeHref={closeHref} heading={heading} />;
}

/** A message of the browser's own steps (a refused drop or typed number), and when it was shown. */
interface StepNews {
  message: string;
  /** The form's submissions when it was shown: a later Save replaces it. */
  sentAt: number;
}

function SplitForm({
  data,
  actionData,
  closeHref,
  heading,
}: {
  data: SplitDialogData;
  actionData: DialogActionData | null;
  closeHref: string;
  heading: ReactNode;
}) {
  const { kind, original, fixed } = data;
  const hydrated = useHydrated();
  const formId = useId();
  const save = useDialogForm<SplitDefinition>(SPLIT_INTENTS[kind], {
    actionData,
    messageMs: splitMessageMs,
    failedMessage: SPLIT_MESSAGES.failed,
    check: (form) => {
      const read = readSplitForm(Object.fromEntries(form) as Record<string, string>, kind, original);
      if (!read.ok) return { message: read.message };
      const message =
        splitsRefusal(kind, read.splits, original) ??
        fixedUnitRefusal(read.splits, fixed) ??
        conservationRefusal(original, read.splits);
      return message ? { message } : null;
    },
  });

  // What the page was posted with (no JavaScript: a step's re-render or a refusal, typed values kept).
  const [posted] = useState(() => save.answer?.values ?? null);
  const [splits, setSplits] = useState<Split[]>(
    () => decodeSplits(save.value(SPLIT_FIELDS.splits)) ?? startSplits(original),
  );
  const [drafts, setDrafts] = useState<Record<string, string>>(() => {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(posted ?? {})) {
      const text = Array.isArray(value) ? value[0] : value;
      if (typeof text === "string" && /^(total|count)\./.test(name)) kept[name] = text;
    }
    return kept;
  });
  const [news, setNews] = useState<StepNews | null>(null);
  const postedVersion = posted?.[SPLIT_FIELDS.version];
  const version = typeof postedVersion === "string" ? postedVersion : String(data.version);

  const numbers = fieldNumbers(splits, kind);
  const fieldValue = (name: string) => drafts[name] ?? numbers[name] ?? "";

  /** Runs a step here (with scripts): its splits, or its refusal shown. */
  const run = (step: Step | null): boolean => {
    if (step === null) return false;
    if (!step.ok) {
      setNews({ message: step.message, sentAt: save.sentAt });
      return false;
    }
    setSplits(step.splits);
    setDrafts({});
    setNews(null);
    return true;
  };
  /**
   * A step button (Add Split, Remove split, Move to split N): with scripts the step runs here and nothing is
   * posted; without, the button posts `step`. Read from the form's submit, not the button's click: dnd-kit
   * stops the propagation of every click for 50 ms after a drop, and a busy page can run a click before that
   * timer, so a click handler could miss a Move while the button still posted a step this form would ignore.
   */
  const runsHere = (submitter: HTMLButtonElement): boolean => {
    if (!hydrated || submitter.name !== SPLIT_FIELDS.step) return false;
    run(applySplitStep(splits, kind, submitter.value, fixed));
    return true;
  };
  const type = (name: string, text: string) => {
    setDrafts((before) => ({ ...before, [name]: text }));
    const step = typedStep(splits, kind, original, name, text);
    if (step.ok) {
      setSplits(step.splits);
      setDrafts((before) => {
        const { [name]: _typed, ...rest } = before;
        return rest;
      });
      setNews(null);
    } else setNews({ message: step.message, sentAt: save.sentAt });
  };

  // One message at a time: a step's refusal (until the next Save), else the form's news.
  const stepNews = news && news.sentAt === save.sentAt ? news : null;
  const stepMessage = useTimedMessage(stepNews?.message ?? null, splitMessageMs(stepNews?.message ?? ""), stepNews);
  const message = stepNews ? stepMessage : save.message;
  const refused = stepNews ? true : save.refused;

  const columns = splits.map((split, index) => (
    <SplitColumn
      key={index}
      kind={kind}
      split={split}
      index={index}
      count={splits.length}
      data={data}
      hydrated={hydrated}
      fieldValue={fieldValue}
      onType={type}
    />
  ));

  return (
    <DialogFormElement form={save} runsHere={runsHere} noValidate aria-labelledby={`${formId}-heading`}>
      {/* The default button (Enter in a field) is Save, not the step buttons drawn before it. */}
      <DefaultSubmit />
      <input type="hidden" name={SPLIT_FIELDS.splits} value={encodeSplits(splits)} />
      <input type="hidden" name={SPLIT_FIELDS.formHistoryId} value={data.formHistoryId} />
      <input type="hidden" name={SPLIT_FIELDS.version} value={version} />
      <Flex direction="column" gap="3">
        <div id={`${formId}-heading`}>{heading}</div>
        <Text as="p" size="2">
          {hydrated
            ? "Drag reservations and units between splits (or use their Move to split buttons), then Save Split."
            : "Move reservations and units between splits with their Move to split buttons, then Save Split."}
        </Text>
        {save.conflict ? <StaleVersionNotice conflict={save.conflict} reloadHref={save.action} /> : null}
        {/* Drawn alike before and after hydrating, so nothing typed is lost; only rows gain drag handles. */}
        <SplitDragArea splits={splits} kind={kind} fixed={fixed} onDrop={run}>
          {columns}
        </SplitDragArea>
        <Flex gap="3" justify="between" align="center" wrap="wrap">
          <Button type="submit" name={SPLIT_FIELDS.step} value={splitStep.add()} variant="soft">
            Add Split
          </Button>
          <Flex gap="3">
            <Button asChild variant="soft" color="gray">
              <Link to={closeHref}>Cancel</Link>
            </Button>
            <Button type="submit" loading={save.busy}>
              Save Split
            </Button>
          </Flex>
        </Flex>
        {save.conflict ? null : <FormMessage message={message} tone={refused ? "error" : "success"} />}
      </Flex>
    </DialogFormElement>
  );
}

function SplitColumns({ children }: { children: ReactNode }) {
  return (
    <Flex gap="3" wrap="wrap" align="start" role="list" aria-label="Splits">
      {children}
    </Flex>
  );
}

/**
 * The drag and drop of units between splits (@dnd-kit): pointer and keyboard (the arrow keys go to the next or
 * previous split), each drop the rules' move, announced in plain words.
 */
function SplitDragArea({
  splits,
  kind,
  fixed,
  onDrop,
  children,
}: {
  splits: readonly Split[];
  kind: SplitKind;
  fixed: Readonly<Record<string, string>>;
  onDrop: (step: Step | null) => boolean;
  children: ReactNode;
}) {
  const [announcer, setAnnouncer] = useState<HTMLDivElement | null>(null);
  /** Whether the dragged unit has left its split yet (what is announced over it). */
  const left = useRef(false);
  const keyboardTarget: KeyboardCoordinateGetter = (event, { context }) => {
    const drag = dragUnit(context.active?.data.current);
    const current = dropIndex(context.over?.data.current) ?? drag?.from ?? 0;
    const to = neighbourSplit(current, event.code, splits.length);
    if (to === null) return undefined;
    event.preventDefault();
    const rect = context.droppableRects.get(dropId(to));
    return rect ? { x: rect.left + 4, y: rect.top + 4 } : undefined;
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardTarget }),
  );
  const resolve = (drag: DragUnit, to: number) => dropStep(splits, kind, fixed, drag, to);
  const words = dragAnnouncements(resolve);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      left.current = false;
      const drag = dragUnit(active.data.current);
      return drag ? words.pickedUp(drag) : undefined;
    },
    onDragOver: ({ active, over }) => {
      const drag = dragUnit(active.data.current);
      const to = dropIndex(over?.data.current);
      // Over its own split as it is picked up: "Picked up unit … from split 1" says it.
      if (!drag || (to === drag.from && !left.current)) return undefined;
      left.current = true;
      return words.over(drag, to);
    },
    onDragEnd: ({ active, over }) => {
      const drag = dragUnit(active.data.current);
      return drag ? words.dropped(drag, dropIndex(over?.data.current)) : undefined;
    },
    onDragCancel: ({ active }) => {
      const drag = dragUnit(active.data.current);
      return drag ? words.cancelled(drag) : undefined;
    },
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const drag = dragUnit(active.data.current);
    const to = dropIndex(over?.data.current);
    if (drag && to !== null) onDrop(resolve(drag, to));
  };
  return (
    <div ref={setAnnouncer}>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerFirst}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: SPLIT_DRAG_INSTRUCTIONS },
          // Inside the dialog: the modal dialog hides what is outside it from screen readers.
          ...(announcer ? { container: announcer } : {}),
        }}
      >
        <SplitColumns>{children}</SplitColumns>
      </DndContext>
    </div>
  );
}

/** The split under the pointer; for the keyboard (no pointer), the split the row overlaps most. */
const pointerFirst: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

interface ColumnProps {
  kind: SplitKind;
  split: Split;
  index: number;
  count: number;
  data: SplitDialogData;
  hydrated: boolean;
  fieldValue: (name: string) => string;
  onType: (name: string, text: string) => void;
}

function SplitColumn(props: ColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: dropId(props.index), data: { index: props.index } });
  return <ColumnBody {...props} labelledBy={headingId} setRef={setNodeRef} isOver={isOver} />;
}

const COLUMN_STYLE = {
  ...SECTION_STYLE,
  padding: "8px 12px 12px",
  flex: "1 1 200px",
  minWidth: 200,
  maxWidth: 320,
} as const;

function ColumnBody({
  kind,
  split,
  index,
  count,
  data,
  hydrated,
  fieldValue,
  onType,
  labelledBy,
  setRef,
  isOver,
}: ColumnProps & { labelledBy: string; setRef: ((element: HTMLElement | null) => void) | undefined; isOver: boolean }) {
  const totalName = SPLIT_FIELDS.total(index);
  return (
    <Box
      ref={setRef}
      role="listitem"
      aria-labelledby={labelledBy}
      data-split={index + 1}
      style={{
        ...COLUMN_STYLE,
        background: isOver ? "var(--accent-a3)" : undefined,
        outline: isOver ? "2px solid var(--accent-8)" : undefined,
      }}
    >
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="2">
          <Heading as="h3" size="3" id={labelledBy}>
            Split {index + 1}
          </Heading>
          {index > 0 ? (
            <Button
              type="submit"
              size="1"
              variant="ghost"
              color="red"
              name={SPLIT_FIELDS.step}
              value={splitStep.remove(index)}
              aria-label={`Remove split ${index + 1}`}
            >
              Remove split
            </Button>
          ) : null}
        </Flex>
        <NumberLine label="Total on Order">
          {index === 0 ? (
            <Text size="2" weight="medium" data-field="total">
              {split.total}
            </Text>
          ) : (
            <NumberInput
              name={totalName}
              label={`Total on Order, split ${index + 1}`}
              value={fieldValue(totalName)}
              onType={onType}
            />
          )}
        </NumberLine>
        <NumberLine label={kind === "trade" ? "New Remaining" : kind === "off-rent" ? "Trucks Remaining" : "Remaining"}>
          <Text size="2" weight="medium" data-field="remaining">
            {split.remaining}
          </Text>
        </NumberLine>
        {kind === "trade" ? (
          <NumberLine label="Returns Remaining">
            <Text size="2" weight="medium" data-field="returns-remaining">
              {split.returnsRemaining}
            </Text>
          </NumberLine>
        ) : null}
        {kind !== "off-rent"
          ? TRUCK_TYPES.map((truck) => {
              const name = SPLIT_FIELDS.count(index, truck.key);
              return (
                <NumberLine key={truck.key} label={truck.label}>
                  <NumberInput
                    name={name}
                    label={`${truck.label}, split ${index + 1}`}
                    value={fieldValue(name)}
                    onType={onType}
                  />
                </NumberLine>
              );
            })
          : null}
        {index === 0 ? <StayingUnits data={data} split={split} /> : null}
        {unitLists(kind).map(({ list, title, empty }) => (
          <Flex key={list} direction="column" gap="1">
            <Text size="2" weight="bold">
              {title}
            </Text>
            {split[list].length === 0 ? (
              <Text size="1" color="gray">
                {empty}
              </Text>
            ) : (
              <ul style={UNIT_LIST_STYLE} aria-label={`${title}, split ${index + 1}`}>
                {split[list].map((unit) => (
                  <UnitRow
                    key={unit}
                    unit={unit}
                    list={list}
                    from={index}
                    count={count}
                    data={data}
                    hydrated={hydrated}
                  />
                ))}
              </ul>
            )}
          </Flex>
        ))}
      </Flex>
    </Box>
  );
}

/**
 * The units that stay with the first split and are not among its movable ones (assigned to a carrier, picked
 * up, not identified): shown with why, without a drag handle or Move to split buttons.
 */
function StayingUnits({ data, split }: { data: SplitDialogData; split: Split }) {
  const listed = new Set([...split.reservations, ...split.returning]);
  const staying = Object.entries(data.fixed).filter(([unit]) => !listed.has(unit));
  if (staying.length === 0) return null;
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="bold">
        Staying with split 1
      </Text>
      <ul style={UNIT_LIST_STYLE} aria-label="Units staying with split 1">
        {staying.map(([unit, why]) => (
          <li key={unit} data-unit={unit} style={ROW_STYLE}>
            <Flex direction="column" gap="1">
              <UnitName unit={unit} label={data.unitLabels[unit]} />
              <Text size="1" color="gray" data-fixed="">
                {fixedUnitMessage(unit, why)}
              </Text>
            </Flex>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

function UnitName({ unit, label }: { unit: string; label: string | undefined }) {
  return (
    <Flex direction="column">
      <Text size="2" weight="medium">
        {unit}
      </Text>
      {label ? (
        <Text size="1" color="gray">
          {label}
        </Text>
      ) : null}
    </Flex>
  );
}

const UNIT_LIST_STYLE = { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 4 } as const;

function NumberLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="between" align="center" gap="2">
      <Text size="2" aria-hidden="true">
        {label}
      </Text>
      {children}
    </Flex>
  );
}

function NumberInput({
  name,
  label,
  value,
  onType,
}: {
  name: string;
  label: string;
  value: string;
  onType: (name: string, text: string) => void;
}) {
  return (
    <TextField.Root
      size="1"
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      name={name}
      aria-label={label}
      style={{ width: 72 }}
      value={value}
      // Typed before hydrating, React replays the change once it has hydrated (nothing typed is lost).
      onChange={(event: ChangeEvent<HTMLInputElement>) => onType(name, event.target.value)}
    />
  );
}

function UnitRow({
  unit,
  list,
  from,
  count,
  data,
  hydrated,
}: {
  unit: string;
  list: UnitList;
  from: number;
  count: number;
  data: SplitDialogData;
  hydrated: boolean;
}) {
  const why = Object.hasOwn(data.fixed, unit) ? data.fixed[unit] : undefined;
  const label = data.unitLabels[unit];
  const others = Array.from({ length: count }, (_, index) => index).filter((index) => index !== from);
  const body = (handle: ReactNode) => (
    <Flex direction="column" gap="1">
      <Flex align="center" gap="2">
        {handle}
        <UnitName unit={unit} label={label} />
      </Flex>
      {why !== undefined ? (
        <Text size="1" color="gray" data-fixed="">
          {fixedUnitMessage(unit, why)}
        </Text>
      ) : others.length > 0 ? (
        <Flex gap="2" wrap="wrap">
          {others.map((to) => {
            const step = splitStep.move(list, unit, from, to);
            return (
              <Button key={to} type="submit" size="1" variant="ghost" name={SPLIT_FIELDS.step} value={step}>
                Move to split {to + 1}
              </Button>
            );
          })}
        </Flex>
      ) : null}
    </Flex>
  );
  if (!hydrated || why !== undefined || count < 2)
    return (
      <li data-unit={unit} style={ROW_STYLE}>
        {body(null)}
      </li>
    );
  return <DraggableRow unit={unit} list={list} from={from} body={body} />;
}

const ROW_STYLE = {
  border: "1px solid var(--gray-a5)",
  borderRadius: "var(--radius-2)",
  padding: "4px 8px",
  background: "var(--color-panel-solid)",
} as const;

function DraggableRow({
  unit,
  list,
  from,
  body,
}: {
  unit: string;
  list: UnitList;
  from: number;
  body: (handle: ReactNode) => ReactNode;
}) {
  const drag: DragUnit = { unit, list, from };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: dragId(drag),
    data: drag,
  });
  const style = {
    ...ROW_STYLE,
    position: "relative" as const,
    zIndex: isDragging ? 10 : undefined,
    boxShadow: isDragging ? "var(--shadow-4)" : undefined,
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
  };
  return (
    <li ref={setNodeRef} data-unit={unit} style={style}>
      {body(
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag unit ${unit}`}
          style={HANDLE_STYLE}
        >
          ⠿
        </button>,
      )}
    </li>
  );
}

const HANDLE_STYLE = {
  cursor: "grab",
  touchAction: "none",
  border: "1px solid var(--gray-a6)",
  borderRadius: "var(--radius-1)",
  background: "var(--gray-a2)",
  color: "var(--gray-11)",
  padding: "0 4px",
  lineHeight: "20px",
  font: "inherit",
} as const;
