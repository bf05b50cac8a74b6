// The Dashboard Feedback panel (app/rules/feedback.ts holds its rule and message time). A <details>
// collapse and a plain form posting to /feedback, so it works without JavaScript (the server answers 303
// back to `url` with ?feedback=sent or ?feedback=error, handed in here as `status`). When scripts run, the
// form is sent as JSON with fetch instead, and 'All fields are required' shows for 5 s on blank fields.
// The browser checks only that (feedbackFilledIn); the server's schema checks the rest and its 400 is
// shown, so the panel loads no zod (ADR 028).
import { Box, Button, Callout, Card, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MS,
  FEEDBACK_NAME_MAX,
  FEEDBACK_REQUIRED_MESSAGE,
  feedbackFilledIn,
} from "~/rules/feedback-limits.ts";
import { apiFetch } from "~/utils/api-fetch.ts";

export const FEEDBACK_THANKS_MESSAGE = "Thank you for your feedback!";
export const FEEDBACK_FAILED_MESSAGE = "Your feedback could not be sent. Please try again.";

export interface FeedbackPanelProps {
  /** The page the feedback is about, and where a no-JavaScript post comes back to. */
  url: string;
  /** The outcome of a no-JavaScript post (the page's ?feedback=…). */
  status?: "sent" | "error" | null;
}

type Notice = { tone: "success" | "error"; text: string } | null;

function noticeOf(status: FeedbackPanelProps["status"]): Notice {
  if (status === "sent") return { tone: "success", text: FEEDBACK_THANKS_MESSAGE };
  if (status === "error") return { tone: "error", text: FEEDBACK_REQUIRED_MESSAGE };
  return null;
}

export function FeedbackPanel({ url, status = null }: FeedbackPanelProps) {
  const id = useId();
  const [notice, setNotice] = useState<Notice>(() => noticeOf(status));
  const [sending, setSending] = useState(false);
  const [shownStatus, setShownStatus] = useState(status);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A new outcome from the server (the layout stays mounted across navigations): show it.
  if (status !== shownStatus) {
    setShownStatus(status);
    setNotice(noticeOf(status));
  }
  // With JavaScript, the server's outcome goes away after 5 s like the panel's own messages.
  useEffect(() => {
    if (!status) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNotice(null), FEEDBACK_MESSAGE_MS);
  }, [status]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: Notice, forMs?: number) {
    clearTimeout(timer.current);
    setNotice(next);
    if (forMs) timer.current = setTimeout(() => setNotice(null), forMs);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = { name: String(data.get("name") ?? ""), message: String(data.get("message") ?? ""), url };
    if (!feedbackFilledIn(input.name, input.message)) {
      show({ tone: "error", text: FEEDBACK_REQUIRED_MESSAGE }, FEEDBACK_MESSAGE_MS);
      return;
    }
    setSending(true);
    try {
      const response = await apiFetch("/feedback", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(input),
      });
      if (response.ok) {
        form.reset();
        show({ tone: "success", text: FEEDBACK_THANKS_MESSAGE }, FEEDBACK_MESSAGE_MS);
      } else {
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
        const text = response.status === 400 && typeof body?.error === "string" ? body.error : FEEDBACK_FAILED_MESSAGE;
        console.warn("feedback was not sent", response.status, body);
        show({ tone: "error", text }, FEEDBACK_MESSAGE_MS);
      }
    } catch (error) {
      console.warn("feedback was not sent", error);
      show({ tone: "error", text: FEEDBACK_FAILED_MESSAGE }, FEEDBACK_MESSAGE_MS);
    } finally {
      setSending(false);
    }
  }

  return (
    <Card size="2" asChild>
      {/* Open after a no-JavaScript post, so its outcome is seen. */}
      <details open={status ? true : undefined} aria-label="Dashboard Feedback">
        <summary style={{ cursor: "pointer" }}>
          <Text weight="bold">Dashboard Feedback</Text>
        </summary>
        <form
          method="post"
          action="/feedback"
          onSubmit={(event) => {
            // onSubmit shows its own failures; anything thrown past them is logged the same way.
            onSubmit(event).catch((error: unknown) => console.warn("feedback was not sent", error));
          }}
          noValidate
        >
          <input type="hidden" name="url" value={url} />
          <Flex direction="column" gap="2" mt="3">
            <label htmlFor={`${id}-name`}>
              <Text size="2" weight="medium">
                Name
              </Text>
            </label>
            <TextField.Root id={`${id}-name`} name="name" autoComplete="name" maxLength={FEEDBACK_NAME_MAX} />
            <label htmlFor={`${id}-message`}>
              <Text size="2" weight="medium">
                Message
              </Text>
            </label>
            <TextArea id={`${id}-message`} name="message" rows={4} maxLength={FEEDBACK_MESSAGE_MAX} />
            <Box aria-live="polite">
              {notice ? (
                <Callout.Root
                  color={notice.tone === "success" ? "green" : "red"}
                  role={notice.tone === "error" ? "alert" : "status"}
                  size="1"
                >
                  <Callout.Text>{notice.text}</Callout.Text>
                </Callout.Root>
              ) : null}
            </Box>
            <Flex justify="end">
              <Button type="submit" loading={sending}>
                Send
              </Button>
            </Flex>
          </Flex>
        </form>
      </details>
    </Card>
  );
}
