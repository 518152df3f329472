// The signing page's detail cards: the template's, and the mapped template's (name and signing type editable while
// unlocked, Lock, the Active toggle once locked, Add to qualifications, Delete while unlocked).
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { formatDate } from "../../domain/format.ts";
import {
  Button,
  Card,
  Dialog,
  ErrorBlock,
  Fact,
  linkClass,
  Note,
  Select,
  StatusBadge,
  Switch,
  TextField,
} from "../../ui/index.ts";
import { MarkNote } from "./MarkNote.tsx";
import { LIST_FORMAT } from "./signing-link.ts";
import { mappedTemplateActions, readyToLock } from "./signing-rules.ts";
import { SIGNING_TYPES, SIGNING_TEXT as T, SIGNING_VALIDATION as V } from "./strings.ts";
import type { SigningData } from "./use-signing.ts";
import type { MappedTemplateView, SigningTemplateView } from "./view.ts";
import { Warnings } from "./Warnings.tsx";

export function TemplateDetails({ template }: { template: SigningTemplateView }) {
  return (
    <Card title={T.templateDetails} testId="signing-template">
      <dl className={css({ display: "grid", gap: "3" })}>
        <Fact label={T.name}>{template.name}</Fact>
        {template.description && <Fact label={T.description}>{template.description}</Fact>}
        <Fact label={T.updatedOn}>{template.updatedOn ? formatDate(template.updatedOn, LIST_FORMAT) : "—"}</Fact>
        <Fact label={T.syncedOn}>{template.syncedOn ? formatDate(template.syncedOn, LIST_FORMAT) : "—"}</Fact>
      </dl>
      {template.syncStatus === "loading" && <Note>{T.templateLoading}</Note>}
      {template.syncStatus === "error" && <ErrorBlock text={template.failure ?? T.syncError} />}
      <Warnings template={template} />
    </Card>
  );
}

export function MappedTemplateDetails({
  template,
  mapped,
  data,
  canWrite,
  online,
}: {
  template: SigningTemplateView;
  mapped: MappedTemplateView;
  data: SigningData;
  canWrite: boolean;
  online: boolean;
}) {
  const can = mappedTemplateActions(mapped, canWrite);
  const [name, setName] = useState(mapped.name);
  const [type, setType] = useState<string>(mapped.qualificationStepType);
  const [nameError, setNameError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const mark = data.markOf("signing.mappedTemplates", "edit", mapped.id);
  const deleteMark = data.markOf("signing.mappedTemplates", "remove", mapped.id);
  const lockable = readyToLock(mapped.roles, mapped.fields);
  const changed = name !== mapped.name || type !== mapped.qualificationStepType;

  return (
    <Card title={T.mappedTemplateDetails} testId="signing-mapped-template">
      <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
        {mapped.deleted ? (
          <StatusBadge label={T.deleted} status="failed" />
        ) : (
          <StatusBadge label={mapped.locked ? T.locked : T.unlocked} status={mapped.locked ? "closed" : "draft"} />
        )}
        {mapped.locked && (
          <StatusBadge label={mapped.active ? T.active : T.inactive} status={mapped.active ? "active" : "draft"} />
        )}
      </div>
      <dl className={css({ display: "grid", gap: "3" })}>
        <Fact label={T.copiedOn}>{mapped.templateCopyOn ? formatDate(mapped.templateCopyOn, LIST_FORMAT) : "—"}</Fact>
      </dl>
      <form
        noValidate
        aria-label={T.mappedTemplateDetails}
        className={css({ display: "flex", flexDirection: "column", gap: "3" })}
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) {
            setNameError(V.templateName);
            return;
          }
          void data.updateMapped(mapped.id, { name: name.trim(), qualificationStepType: type as "email" | "inline" });
        }}
      >
        <TextField
          label={T.name}
          name="name"
          value={name}
          disabled={!can.edit}
          error={nameError}
          onValueChange={(value) => {
            setName(value);
            setNameError(undefined);
          }}
        />
        <Select
          label={T.signingType}
          name="qualificationStepType"
          options={SIGNING_TYPES.map((t) => ({ label: t.label, value: t.value }))}
          value={type}
          onChange={(value) => setType(value ?? "inline")}
          disabled={!can.edit}
        />
        {can.edit && (
          <div>
            <Button type="submit" size="sm" disabled={!changed}>
              {T.save}
            </Button>
          </div>
        )}
      </form>
      {!mapped.deleted && !mapped.locked && <Note>{T.editableWhileUnlocked}</Note>}
      {can.showActive && (
        <Switch
          checked={mapped.active}
          disabled={!can.toggleActive}
          onChange={(active) => void data.updateMapped(mapped.id, { active })}
        >
          {T.active}
        </Switch>
      )}
      <div className={css({ display: "flex", gap: "2", flexWrap: "wrap", alignItems: "center" })}>
        {can.lock && (
          <Button size="sm" disabled={!lockable} onClick={() => void data.updateMapped(mapped.id, { locked: true })}>
            {T.lock}
          </Button>
        )}
        {can.addToQualifications && !mapped.inQualifications && (
          <Button size="sm" onClick={() => void data.addToQualifications(mapped.id)}>
            {T.addToQualifications}
          </Button>
        )}
        {!mapped.deleted && (
          <Link
            to="/docusign/test/$templateId/$mappedTemplateId"
            params={{ templateId: template.id, mappedTemplateId: mapped.id }}
            className={linkClass}
          >
            {T.testMapping}
          </Link>
        )}
        {can.delete && (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {T.delete}
          </Button>
        )}
      </div>
      {can.lock && !lockable && <Note>{T.lockToActivate}</Note>}
      {can.lock && lockable && <Note>{T.lockIsFinal}</Note>}
      {mapped.inQualifications && (
        <div>
          <StatusBadge label={T.inQualifications} status="active" />
        </div>
      )}
      <MarkNote mark={mark} />
      <MarkNote mark={data.markOf("signing.mappedTemplates", "qualify", mapped.id)} />
      <MarkNote mark={deleteMark} />
      {!online && (mark?.status === "pending" || deleteMark?.status === "pending") && <Note>{T.queuedOffline}</Note>}
      <Warnings template={template} mapped={mapped} />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={T.deleteConfirm}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {T.cancel}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                void data.deleteMapped(mapped.id);
              }}
            >
              {T.delete}
            </Button>
          </>
        }
      />
    </Card>
  );
}
