// What the user typed into server-rendered form controls before the page's scripts ran (ADR 028),
// carried into the controls React draws in their place: a dialog is static HTML until
// hydration, then Radix Dialog draws it again (app/components/app-dialog.tsx), with new elements whose
// state starts from the server's values. Browser only.

/** One control's typed value, by its name and its position among the controls of that name. */
export interface TypedValue {
  name: string;
  index: number;
  value: string;
  checked?: boolean;
}

export interface TypedValues {
  values: TypedValue[];
  /** The control that had the focus, with its selection, so typing can go on where it was. */
  focus: { name: string; index: number; selectionStart: number | null; selectionEnd: number | null } | null;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const NOT_TYPED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

/** The named controls under `root` a user can type into or choose in, grouped by name in document order. */
function controlsByName(root: ParentNode): Map<string, Control[]> {
  const byName = new Map<string, Control[]>();
  for (const element of root.querySelectorAll<Control>("input[name], textarea[name], select[name]")) {
    if (element instanceof HTMLInputElement && NOT_TYPED.has(element.type)) continue;
    byName.set(element.name, [...(byName.get(element.name) ?? []), element]);
  }
  return byName;
}

function isCheckable(element: Control): element is HTMLInputElement {
  return element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
}

function changedByUser(element: Control): boolean {
  if (isCheckable(element)) return element.checked !== element.defaultChecked;
  if (element instanceof HTMLSelectElement)
    return [...element.options].some((option) => option.selected !== option.defaultSelected);
  return element.value !== element.defaultValue;
}

/** What was typed or chosen under `root`: the controls whose value differs from the one they were drawn with. */
export function typedValuesIn(root: ParentNode): TypedValues {
  const values: TypedValue[] = [];
  let focus: TypedValues["focus"] = null;
  const active = root instanceof Node ? root.ownerDocument?.activeElement : null;
  for (const [name, controls] of controlsByName(root)) {
    controls.forEach((element, index) => {
      if (changedByUser(element))
        values.push({
          name,
          index,
          value: element.value,
          ...(isCheckable(element) ? { checked: element.checked } : {}),
        });
      if (element === active) {
        const selectable =
          element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !isCheckable(element));
        focus = {
          name,
          index,
          selectionStart: selectable ? safeSelection(element, "selectionStart") : null,
          selectionEnd: selectable ? safeSelection(element, "selectionEnd") : null,
        };
      }
    });
  }
  return { values, focus };
}

/** An input type without a selection (email, number) throws on reading it. */
function safeSelection(
  element: HTMLInputElement | HTMLTextAreaElement,
  key: "selectionStart" | "selectionEnd",
): number | null {
  try {
    return element[key];
  } catch {
    return null;
  }
}

/** Sets a value past React's tracking of the element, so the input event that follows reaches onChange. */
function setNativeValue(element: Control, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, "value")?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

/**
 * Types `typed` into the controls of the same names under `root`, as the user would: each changed value
 * is set and announced with the event React listens to, so controlled components take it into their
 * state and masks apply; a checkbox or radio is clicked. The focused control gets the focus back.
 */
export function retype(root: ParentNode, typed: TypedValues): void {
  const byName = controlsByName(root);
  for (const { name, index, value, checked } of typed.values) {
    const element = byName.get(name)?.[index];
    if (!element || element.disabled) continue;
    if (isCheckable(element)) {
      if (checked !== undefined && element.checked !== checked) element.click();
    } else if (element.value !== value) {
      setNativeValue(element, value);
      element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    }
  }
  const focus = typed.focus;
  const target = focus ? byName.get(focus.name)?.[focus.index] : undefined;
  if (!focus || !target || target.disabled) return;
  target.focus();
  if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && focus.selectionStart !== null) {
    try {
      target.setSelectionRange(focus.selectionStart, focus.selectionEnd ?? focus.selectionStart);
    } catch {
      // An input type without a selection.
    }
  }
}
