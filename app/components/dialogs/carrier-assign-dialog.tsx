// The transport board's carrier dialog (assignCarrier, ADR 035): each open transport job of the request
// with its carrier, and for holders of transport-edit a carrier picker and Assign (or Remove) per job.
// One form per job through the dialog kit: a plain post without JavaScript, a fetcher with it;
// the dialog stays open on the request and shows the jobs as they now stand. The picker lists the
// TRANSPORTER vendors, flags lapsed insurance, and takes in a vendor created meanwhile (vendorCreated),
// here or in another browser, without reloading.
import { Badge, Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { Table } from "../plain-table.tsx";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { MODAL_PARAM } from "~/rules/dialogs/modals.ts";
import {
  type CARRIER_ASSIGN_DIALOG,
  CARRIER_ASSIGN_INTENT,
  CARRIER_ASSIGN_MESSAGES,
  carrierChoiceLabel,
  type CarrierChoice,
  withCarrier,
} from "~/rules/transport/carrier-assign.ts";
import { formatUtcDay } from "~/rules/format.ts";
import { insuranceState } from "~/rules/vendors/vendor-kinds.ts";
import { useAnnouncement } from "~/utils/announcements.ts";
import { FormMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, useDialogForm } from "./dialog-kit.tsx";
import { Notice } from "./dialog-sections.tsx";
import { nativeControlStyle } from "./native-control.ts";

/** The carriers' message stays 6 s, as the board dialogs' do. */
const MESSAGE_MS = 6_000;

export default function CarrierAssignDialog({ data, actionData, readOnly }: BoardDialogProps<"assignCarrier">) {
  const form = useDialogForm<typeof CARRIER_ASSIGN_DIALOG>(CARRIER_ASSIGN_INTENT, {
    actionData,
    messageMs: MESSAGE_MS,
  });
  const location = useLocation();
  // Carriers announced since the dialog was loaded join the picker (the next load lists them anyway).
  const [announced, setAnnounced] = useState<CarrierChoice[]>([]);
  useAnnouncement("vendorCreated", (vendor) => {
    if (vendor.VendorType !== "TRANSPORTER") return;
    setAnnounced((before) => withCarrier(before, { VendorID: vendor.VendorID, Name: vendor.Name, InsExp: null }));
  });
  const carriers = announced.reduce(withCarrier, data.carriers);
  const mayAssign = data.mayAssign && !readOnly;
  const createVendorHref = (() => {
    const params = new URLSearchParams(location.search);
    params.set(MODAL_PARAM, "vendorModal");
    params.delete("formHistoryId");
    return `${location.pathname}?${params.toString()}`;
  })();

  if (data.jobs.length === 0) return <Notice>{CARRIER_ASSIGN_MESSAGES.noOpenJobs}</Notice>;

  return (
    <Flex direction="column" gap="3">
      {mayAssign ? null : <Notice>{CARRIER_ASSIGN_MESSAGES.readOnly}</Notice>}
      <Table.Root aria-label="Transport jobs">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Job</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Unit</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Route</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Scheduled</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Carrier</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.jobs.map((job) => {
            const pickerId = `carrier-${job.TransportJobID}`;
            return (
              <Table.Row key={job.TransportJobID} data-job-id={job.TransportJobID}>
                <Table.RowHeaderCell>{job.kind}</Table.RowHeaderCell>
                <Table.Cell>{job.unitNumber ?? "—"}</Table.Cell>
                <Table.Cell>{job.route}</Table.Cell>
                <Table.Cell>
                  {job.scheduledDate ? formatUtcDay(new Date(`${job.scheduledDate}T00:00:00Z`)) : "—"}
                </Table.Cell>
                <Table.Cell>
                  {mayAssign ? (
                    <DialogFormElement form={form} aria-label={`Carrier of job ${job.TransportJobID}`}>
                      <input type="hidden" name="TransportJobID" value={job.TransportJobID} />
                      <Flex gap="2" align="center" wrap="wrap">
                        <label htmlFor={pickerId} className="visually-hidden">
                          Carrier for {job.kind.toLowerCase()} {job.unitNumber ?? job.TransportJobID}
                        </label>
                        <select
                          id={pickerId}
                          name="VendorID"
                          defaultValue={job.VendorID === null ? "" : String(job.VendorID)}
                          style={nativeControlStyle}
                        >
                          <option value="">No carrier</option>
                          {carriers.map((carrier) => (
                            <option key={carrier.VendorID} value={String(carrier.VendorID)}>
                              {carrierChoiceLabel(carrier, insuranceState(carrier.InsExp, data.today))}
                            </option>
                          ))}
                        </select>
                        <Button type="submit" size="1" loading={form.busy}>
                          Save
                        </Button>
                      </Flex>
                    </DialogFormElement>
                  ) : job.carrier ? (
                    <Text>{job.carrier}</Text>
                  ) : (
                    <Badge color="amber">Needs carrier</Badge>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      <FormMessage message={form.message} tone={form.refused ? "error" : "success"} />
      {mayAssign ? (
        <Text size="2">
          Carrier not listed?{" "}
          <RadixLink asChild>
            <Link to={createVendorHref} preventScrollReset>
              Create Vendor
            </Link>
          </RadixLink>
        </Text>
      ) : null}
    </Flex>
  );
}
