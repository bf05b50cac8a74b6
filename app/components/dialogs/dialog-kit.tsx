// The dialog kit's client half (ADR 026): the props every board dialog component gets, typed by its
// definition, and useDialogForm, the one way a dialog's form talks to the board's action — with
// JavaScript through a fetcher, without it as a plain post to the same URL with the same `intent`.
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { type FetcherFormProps, useFetcher, useLocation } from "react-router";
import { SessionExpiredDialog } from "../session-expired.tsx";
import type { BoardDialogDefinition } from "~/rules/dialogs/board-dialog.ts";
import type { BoardDialogDataOf, BoardDialogName } from "~/rules/dialogs/board-dialogs.ts";
import type { DialogActionData, FieldErrors, VersionConflict } from "~/rules/dialogs/operation-result.ts";
import type { RouteName } from "~/rules/access/routes.ts";
import { useHydrated } from "../app-dialog.tsx";

export interface BoardDialogProps<N extends BoardDialogName> {
  /** What the dialog's loader returned, typed by its definition. */
  data: BoardDialogDataOf<N>;
  /** The board action's answer to the last plain-form post (no JavaScript), with the submitted values. */
  actionData: DialogActionData | null;
  /** The board the dialog is open on (the notes' department). */
  route: RouteName;
  /** The board's view without the dialog: where closing goes. */
  closeHref: string;
  readOnly: boolean;
}

/**
 * A message shown until it is replaced, and for `ms` only once scripts run (the spec's timed messages;
 * a server-rendered message stays, since nothing could take it away without scripts). `key` restarts
 * the timer when the same text is shown again.
 */
export function useTimedMessage(message: string | null | undefined, ms: number, key: unknown = message): string | null {
  const hydrated = useHydrated();
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  useEffect(() => {
    if (!hydrated || !message) return;
    const timer = setTimeout(() => setHiddenFor(key), ms);
    return () => clearTimeout(timer);
  }, [hydrated, message, key, ms]);
  return message && hiddenFor !== key ? message : null;
}

/** The board action's answer to a session that ended meanwhile (the board route's clientAction). */
export interface SessionEnded {
  sessionEnded: true;
  /** The sign-in dialog offers Microsoft sign-in (the guard's 401 says whether it is configured). */
  microsoftSignIn: boolean;
}

export function isSessionEnded(value: unknown): value is SessionEnded {
  return typeof value === "object" && value !== null && "sessionEnded" in value && value.sessionEnded === true;
}

/**
 * The board route's clientAction answer when the save's answer never came or was not the app's (a
 * dropped connection, a proxy's error page): nothing is known to be saved, the dialog says so.
 */
export interface SaveFailed {
  saveFailed: true;
}

export function isSaveFailed(value: unknown): value is SaveFailed {
  return typeof value === "object" && value !== null && "saveFailed" in value && value.saveFailed === true;
}

/**
 * Whether an action answered without saving anything the page shows (the session ended, or the answer
 * never came): the page's loaders must not run again. Run after a 401 they would replace the page, and
 * the dialog with what was typed, by the guard's sign-in page (root and board `shouldRevalidate`).
 */
export function answeredWithoutSaving(actionResult: unknown): boolean {
  return isSessionEnded(actionResult) || isSaveFailed(actionResult);
}

/** Said when a save's answer never came, unless the dialog's definition of the spec says otherwise. */
export const SAVE_FAILED_MESSAGE = "Your changes could not be saved. Please try again.";

function isActionData(value: unknown): value is DialogActionData {
  return typeof value === "object" && value !== null && "intent" in value && "values" in value;
}

/** What the browser's own check of a form found before sending it (the same rules the server runs). */
export interface LocalRefusal {
  message: string | null;
  fieldErrors?: FieldErrors;
}

/** What a dialog shows of a refusal: the browser's check, the server's answer, or a failed save. */
interface Shown {
  message: string | null;
  fieldErrors: FieldErrors;
  conflict: VersionConflict | null;
}

export interface DialogFormOptions {
  /** The page's action data (a plain post without scripts), offered to the form it belongs to. */
  actionData: DialogActionData | null;
  /**
   * How long refusal messages (and their field marks) stay once scripts run; a conflict stays. A function
   * gives each message its own time (the vendor dialog's required message stays 6 s, its errors 5 s).
   */
  messageMs: number | ((message: string) => number);
  /** Of several forms with one intent (a note's cancel), whether a plain post's answer is this one's. */
  owns?: (values: DialogActionData["values"]) => boolean;
  /** Checks the form before it is sent (with scripts only); a refusal keeps it from being sent. */
  check?: (form: FormData) => LocalRefusal | null;
  /** What a save whose answer never came says (default SAVE_FAILED_MESSAGE). */
  failedMessage?: string;
  /**
   * Whether the board's data reloads after this intent's answer (default: as the router decides).
   * False for a step that writes nothing (a unit test): the lists and the open dialog's data stay.
   */
  reloads?: boolean;
}

/**
 * An intent of the dialog `D` (of any member, when `D` is a union of definitions). `D` is given as a
 * type, `useDialogForm<typeof NOTES_DIALOG>(…)`: the component imports its definition with `import type`,
 * so the definition's zod schemas stay on the server and out of the dialog's chunk.
 */
type IntentName<D> = D extends BoardDialogDefinition ? keyof D["intents"] & string : never;

/** Orders the submissions of a page's dialog forms: a dialog with several shows the newest one's news. */
let sends = 0;

/**
 * One dialog form of the dialog `D`: its fetcher, posting `intent` to the board's own URL (whose parameters name the
 * record); what refused its last submission (the browser's check, the server's answer with field
 * errors, or a failed save), shown for `messageMs`; the submitted values kept; a stale version's
 * conflict (kept until acted on); `done` counts successful submissions (they redirect, so the fetcher
 * keeps no data); `sessionEnded` when the session ended before the save ran (the form's component
 * keeps what was typed while the sign-in dialog shows over it). `send` posts a form's data as this
 * intent, for a button of another intent's form element (see DialogFormElement's `alsoPosts`);
 * `sentAt` orders this form's last submission among the page's dialog forms.
 */
export function useDialogForm<D extends BoardDialogDefinition>(intent: IntentName<D>, options: DialogFormOptions) {
  const fetcher = useFetcher<unknown>();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  const [seen, setSeen] = useState({ busy: false, done: 0 });
  if (seen.busy !== busy) setSeen({ busy, done: !busy && fetcher.data === undefined ? seen.done + 1 : seen.done });

  const fromFetcher = isActionData(fetcher.data) && fetcher.data.intent === intent ? fetcher.data : null;
  const fromPage =
    options.actionData && options.actionData.intent === intent && (options.owns?.(options.actionData.values) ?? true)
      ? options.actionData
      : null;
  const answer = busy ? null : (fromFetcher ?? (fetcher.data === undefined ? fromPage : null));
  const failed = !busy && isSaveFailed(fetcher.data) ? fetcher.data : null;
  // The browser's own check of the last submission it stopped; a sent submission clears it.
  const [checked, setChecked] = useState<{ refusal: LocalRefusal } | null>(null);
  if (busy && checked) setChecked(null);
  const [sentAt, setSentAt] = useState(0);
  const action = `${location.pathname}${location.search}`;
  const check = (form: FormData): boolean => {
    setSentAt(++sends);
    const refusal = options.check?.(form) ?? null;
    setChecked(refusal ? { refusal } : null);
    return refusal === null;
  };

  // One source at a time, newest first; its object identity restarts the message's timer.
  const source: object | null = checked ?? failed ?? (answer && !answer.ok ? answer : null) ?? answer;
  let shown: Shown | null = null;
  if (checked)
    shown = { message: checked.refusal.message, fieldErrors: checked.refusal.fieldErrors ?? {}, conflict: null };
  else if (failed) shown = { message: options.failedMessage ?? SAVE_FAILED_MESSAGE, fieldErrors: {}, conflict: null };
  else if (answer)
    shown = {
      message: answer.message,
      fieldErrors: answer.ok ? {} : (answer.fieldErrors ?? {}),
      conflict: answer.conflict ?? null,
    };
  const messageMs =
    typeof options.messageMs === "function" ? options.messageMs(shown?.message ?? "") : options.messageMs;
  const message = useTimedMessage(shown?.message ?? null, messageMs, source);
  const current = message !== null || !shown?.message;
  const refused = Boolean(checked ?? failed ?? (answer && !answer.ok));

  // Shown until the next navigation: signing in again reloads this same URL, and the form stays
  // mounted with what was typed, ready to be sent again. Once the page has moved on, that answer is done
  // with: a save that then redirects leaves the fetcher's data as it was, and must not open the dialog again.
  const [endedAt, setEndedAt] = useState<{ answer: unknown; key: string } | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const ended = !busy && isSessionEnded(fetcher.data) && fetcher.data !== dismissed;
  if (ended && endedAt === null) setEndedAt({ answer: fetcher.data, key: location.key });
  if (endedAt !== null && endedAt.key !== location.key) {
    setDismissed(endedAt.answer);
    setEndedAt(null);
  }
  const sessionEnded: SessionEnded | null = ended && isSessionEnded(fetcher.data) ? fetcher.data : null;

  return {
    intent,
    fetcher,
    /** The board's own URL: its parameters name the request or unit the dialog is about. */
    action,
    busy,
    /** When this form was last sent or stopped by its check, in the page's order of submissions (0: not yet). */
    sentAt,
    /** The reloads option: whether the board's data reloads after an answer. */
    reloads: options.reloads,
    done: seen.done,
    /** The server's last answer that did not close the dialog: a refusal, or a re-render's news. */
    answer,
    /** Whether the last submission was refused (checked, answered 4xx, or failed), while its message shows. */
    refused: refused && current,
    /** The timed message of the last refusal or re-render. */
    message,
    conflict: shown?.conflict ?? null,
    sessionEnded,
    fieldError(name: string): string | null {
      return current ? (shown?.fieldErrors[name]?.[0] ?? null) : null;
    },
    /** A field's submitted value, kept after a refusal or re-render (no JavaScript). */
    value(name: string): string | undefined {
      const value = answer?.values[name];
      return Array.isArray(value) ? value[0] : value;
    },
    /** Runs the check before the form is sent: a refusal stops it and shows. */
    checkBeforeSend(event: FormEvent<HTMLFormElement>): void {
      if (!check(new FormData(event.currentTarget))) event.preventDefault();
    },
    /**
     * Posts `data` (another form's fields) as this intent through this form's fetcher, after the check;
     * for a button of another intent's form element (DialogFormElement's `alsoPosts`).
     */
    send(data: FormData): void {
      data.set("intent", intent);
      if (!check(data)) return;
      void fetcher.submit(data, {
        method: "post",
        action,
        ...(options.reloads === undefined ? {} : { defaultShouldRevalidate: options.reloads }),
      });
    },
  };
}

export type DialogForm = ReturnType<typeof useDialogForm>;

/**
 * Of a dialog's forms, the one sent last (or, before any, the one the page's post answered): a dialog shows
 * one message at a time, this form's news.
 */
export function newestForm(forms: readonly DialogForm[]): DialogForm {
  return forms.reduce((newest, form) =>
    form.sentAt > newest.sentAt || (form.sentAt === newest.sentAt && !newest.answer && form.answer) ? form : newest,
  );
}

/** The intent a submit button names (`name="intent"`), if the form was sent by one. */
function submitterIntent(event: FormEvent<HTMLFormElement>): string | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter instanceof HTMLButtonElement && submitter.name === "intent" ? submitter.value : null;
}

/**
 * The form element of a dialog form: posts its intent to the board (a fetcher with scripts, a plain
 * post without), runs the form's check first, and puts the sign-in dialog over the page when the
 * session ended before the save.
 *
 * `alsoPosts`: other intents of the dialog that submit buttons inside this form post with the same
 * fields (`<button type="submit" name="intent" value={other.intent}>`, e.g. a unit test inside an
 * edit form). With scripts such a button sends through its own form (`send`: its check, its fetcher,
 * its answer); without, the plain post carries the button's intent first, which is the one the board
 * reads, since this form's own `intent` field comes after the children.
 */
export function DialogFormElement({
  form,
  alsoPosts = [],
  runsHere,
  children,
  ...rest
}: {
  form: DialogForm;
  alsoPosts?: readonly DialogForm[];
  /**
   * A submit button the dialog answers in the browser instead of posting (the split's steps): true when it
   * did. Asked on the submit rather than the button's click, which something else may have stopped.
   */
  runsHere?: (submitter: HTMLButtonElement) => boolean;
  children: ReactNode;
} & Pick<FetcherFormProps, "className" | "style" | "noValidate" | "id" | "aria-label" | "aria-labelledby">) {
  const Form = form.fetcher.Form;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && runsHere?.(submitter)) return event.preventDefault();
    const named = submitterIntent(event);
    const other = named === null ? undefined : alsoPosts.find((candidate) => candidate.intent === named);
    if (!other) return form.checkBeforeSend(event);
    event.preventDefault();
    other.send(new FormData(event.currentTarget));
  };
  return (
    <>
      <Form
        method="post"
        action={form.action}
        onSubmit={onSubmit}
        {...(form.reloads === undefined ? {} : { defaultShouldRevalidate: form.reloads })}
        {...rest}
      >
        {children}
        <input type="hidden" name="intent" value={form.intent} />
      </Form>
      {[form, ...alsoPosts].map((each) =>
        each.sessionEnded ? (
          <SessionExpiredDialog
            key={each.intent}
            redirectTo={each.action}
            microsoftSignIn={each.sessionEnded.microsoftSignIn}
          />
        ) : null,
      )}
    </>
  );
}
