// /admin/types: the reference types the product uses, with how often each is used: asset types (with their
// accounting type), investor account types, question types (with their regex) and the document sharing allowed
// shares, read from the replica (the `types` book: offline too). Safe edits only: names can change, new asset and
// investor account types and sharing options can be added, an asset type's accounting type and a sharing option's
// type and roles change only while nothing uses them, a type nothing uses can be deleted (the server checks each:
// LL409 with the use). Edits are commands (queued offline, shown as waiting).
import { type FormEvent, type ReactNode, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import {
  Button,
  Card,
  Checkbox,
  EmptyState,
  ErrorBlock,
  mutedText,
  Page,
  PageHeader,
  Select,
  TextField,
  tableClass,
  tableScroll,
} from "../../ui/index.ts";
import { type TrackedCommands, useBook, useTrackedCommands } from "./admin-data.ts";
import { BookUpdated } from "./BookUpdated.tsx";
import { ADMIN_TEXT, TYPES_TEXT } from "./strings.ts";

interface AssetType {
  type: string;
  name: string;
  accountingType: string;
  uses: number;
}
interface InvestorAccountType {
  type: string;
  isIndividual: boolean;
  isJoint: boolean;
  uses: number;
}
interface QuestionType {
  id: string;
  name: string;
  fieldType: string;
  regex: string | null;
  uses: number;
}
interface SharingShare {
  id: string;
  type: string;
  fromAccountType: string;
  toRole: string;
  name: string;
  uses: number;
}
interface ReferenceTypes {
  assetTypes: AssetType[];
  investorAccountTypes: InvestorAccountType[];
  questionTypes: QuestionType[] | null;
  documentSharingAllowedShares: SharingShare[];
}

const ACCOUNTING_TYPES = [
  { value: "equity", label: "equity" },
  { value: "debt", label: "debt" },
  { value: "fund", label: "fund" },
];

const nothing = () => {};

export function TypesPage() {
  const online = useOnline();
  const { data: types, updatedOn, loading } = useBook<ReferenceTypes>("types");
  const commands = useTrackedCommands(nothing);
  return (
    <Page>
      <PageHeader title={TYPES_TEXT.title} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
        <BookUpdated updatedOn={updatedOn} loading={loading} online={online} />
        <CommandNotes commands={commands} online={online} />
        {types && (
          <>
            <AssetTypes rows={types.assetTypes} commands={commands} />
            <InvestorAccountTypes rows={types.investorAccountTypes} commands={commands} />
            <QuestionTypes rows={types.questionTypes} commands={commands} />
            <SharingShares rows={types.documentSharingAllowedShares} commands={commands} />
          </>
        )}
      </div>
    </Page>
  );
}

/** Queued and refused commands of this screen. */
export function CommandNotes({ commands, online }: { commands: TrackedCommands; online: boolean }) {
  return (
    <>
      {commands.pending.length > 0 && (
        <p className={mutedText} role="status" data-testid="admin-pending">
          {online ? ADMIN_TEXT.pending : ADMIN_TEXT.pendingOffline}
        </p>
      )}
      {commands.rejected.map((rejected) => (
        <div
          key={rejected.id}
          data-testid="admin-rejected"
          className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}
        >
          <ErrorBlock text={rejected.errorMessage ?? ADMIN_TEXT.loadFailed} />
          <Button size="sm" variant="ghost" onClick={() => commands.discard(rejected.id)}>
            {ADMIN_TEXT.dismiss}
          </Button>
        </div>
      ))}
    </>
  );
}

function Uses({ uses }: { uses: number }) {
  return <td className="num">{uses.toLocaleString("en-US")}</td>;
}

function DeleteButton({ uses, label, onDelete }: { uses: number; label: string; onDelete: () => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={uses > 0}
      title={uses > 0 ? TYPES_TEXT.inUse : undefined}
      aria-label={`${TYPES_TEXT.delete} ${label}`}
      onClick={() => {
        if (window.confirm(TYPES_TEXT.confirmDelete(label))) onDelete();
      }}
    >
      {TYPES_TEXT.delete}
    </Button>
  );
}

function Table({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <div className={tableScroll}>
      <table className={tableClass}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A name edited in place: Edit, then Save or Cancel. */
function EditableName({ name, label, onSave }: { name: string; label: string; onSave: (name: string) => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  if (editing === null) {
    return (
      <span className={css({ display: "inline-flex", gap: "2", alignItems: "center" })}>
        {name}
        <Button size="sm" variant="ghost" aria-label={`${TYPES_TEXT.edit} ${label}`} onClick={() => setEditing(name)}>
          {TYPES_TEXT.edit}
        </Button>
      </span>
    );
  }
  return (
    <form
      className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!editing.trim()) return setProblem(TYPES_TEXT.nameRequired);
        onSave(editing.trim());
        setEditing(null);
      }}
    >
      <TextField label={TYPES_TEXT.name} value={editing} error={problem} onChange={(e) => setEditing(e.target.value)} />
      <Button size="sm" type="submit">
        {TYPES_TEXT.save}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
        {TYPES_TEXT.cancel}
      </Button>
    </form>
  );
}

function AssetTypes({ rows, commands }: { rows: AssetType[]; commands: TrackedCommands }) {
  const [draft, setDraft] = useState({ type: "", name: "", accountingType: "equity" });
  const [problems, setProblems] = useState<Record<string, string>>({});
  async function add(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.type.trim()) found.type = TYPES_TEXT.typeRequired;
    else if (!/^[a-z0-9_]+$/.test(draft.type.trim())) found.type = TYPES_TEXT.typePattern;
    if (!draft.name.trim()) found.name = TYPES_TEXT.nameRequired;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    await commands.send("createAssetType", {
      input: {
        assetType: { type: draft.type.trim(), name: draft.name.trim(), accountingType: draft.accountingType },
      },
    });
    setDraft({ type: "", name: "", accountingType: "equity" });
  }
  return (
    <Card title={TYPES_TEXT.assetTypes} testId="asset-types">
      <Table
        head={
          <>
            <th>{TYPES_TEXT.type}</th>
            <th>{TYPES_TEXT.name}</th>
            <th>{TYPES_TEXT.accountingType}</th>
            <th className="num">{TYPES_TEXT.uses}</th>
            <th>
              <span className={css({ srOnly: true })}>{TYPES_TEXT.delete}</span>
            </th>
          </>
        }
      >
        {rows.map((row) => (
          <tr key={row.type} data-testid="asset-type-row">
            <td className={css({ fontFamily: "mono", fontSize: "xs" })}>{row.type}</td>
            <td>
              <EditableName
                name={row.name}
                label={row.name}
                onSave={(name) =>
                  commands.send("updateAssetTypeByType", { input: { type: row.type, patch: { name } } })
                }
              />
            </td>
            <td>
              {row.uses === 0 ? (
                <div className={css({ minW: "8rem", "& label": { srOnly: true } })}>
                  <Select
                    label={TYPES_TEXT.accountingTypeOf(row.name)}
                    options={ACCOUNTING_TYPES}
                    value={row.accountingType}
                    onChange={(value) =>
                      value &&
                      value !== row.accountingType &&
                      commands.send("setAssetTypeAccountingType", {
                        input: { type: row.type, accountingType: value },
                      })
                    }
                  />
                </div>
              ) : (
                <span title={TYPES_TEXT.accountingInUse}>{row.accountingType}</span>
              )}
            </td>
            <Uses uses={row.uses} />
            <td className="num">
              <DeleteButton
                uses={row.uses}
                label={row.name}
                onDelete={() => commands.send("deleteReferenceType", { input: { kind: "asset_type", key: row.type } })}
              />
            </td>
          </tr>
        ))}
      </Table>
      <form
        onSubmit={add}
        noValidate
        className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}
      >
        <TextField
          label={TYPES_TEXT.type}
          value={draft.type}
          error={problems.type}
          onChange={(e) => setDraft({ ...draft, type: e.target.value })}
        />
        <TextField
          label={TYPES_TEXT.name}
          value={draft.name}
          error={problems.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <div className={css({ minW: "10rem" })}>
          <Select
            label={TYPES_TEXT.accountingType}
            options={ACCOUNTING_TYPES}
            value={draft.accountingType}
            onChange={(value) => setDraft({ ...draft, accountingType: value ?? "equity" })}
          />
        </div>
        <Button type="submit" size="sm">
          {TYPES_TEXT.addAssetType}
        </Button>
      </form>
    </Card>
  );
}

function InvestorAccountTypes({ rows, commands }: { rows: InvestorAccountType[]; commands: TrackedCommands }) {
  const [draft, setDraft] = useState({ type: "", isIndividual: false, isJoint: false });
  const [problem, setProblem] = useState<string | undefined>();
  async function add(event: FormEvent) {
    event.preventDefault();
    if (!draft.type.trim()) return setProblem(TYPES_TEXT.typeRequired);
    setProblem(undefined);
    await commands.send("createInvestorAccountType", {
      input: { investorAccountType: { ...draft, type: draft.type.trim() } },
    });
    setDraft({ type: "", isIndividual: false, isJoint: false });
  }
  const yesNo = (value: boolean) => (value ? TYPES_TEXT.yes : TYPES_TEXT.no);
  return (
    <Card title={TYPES_TEXT.investorAccountTypes} testId="investor-account-types">
      <Table
        head={
          <>
            <th>{TYPES_TEXT.type}</th>
            <th>{TYPES_TEXT.individual}</th>
            <th>{TYPES_TEXT.joint}</th>
            <th className="num">{TYPES_TEXT.uses}</th>
            <th>
              <span className={css({ srOnly: true })}>{TYPES_TEXT.delete}</span>
            </th>
          </>
        }
      >
        {rows.map((row) => (
          <tr key={row.type}>
            <td>{row.type}</td>
            <td>{yesNo(row.isIndividual)}</td>
            <td>{yesNo(row.isJoint)}</td>
            <Uses uses={row.uses} />
            <td className="num">
              <DeleteButton
                uses={row.uses}
                label={row.type}
                onDelete={() =>
                  commands.send("deleteReferenceType", { input: { kind: "investor_account_type", key: row.type } })
                }
              />
            </td>
          </tr>
        ))}
      </Table>
      <form
        onSubmit={add}
        noValidate
        className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}
      >
        <TextField
          label={TYPES_TEXT.type}
          value={draft.type}
          error={problem}
          onChange={(e) => setDraft({ ...draft, type: e.target.value })}
        />
        <Checkbox checked={draft.isIndividual} onChange={(checked) => setDraft({ ...draft, isIndividual: checked })}>
          {TYPES_TEXT.individual}
        </Checkbox>
        <Checkbox checked={draft.isJoint} onChange={(checked) => setDraft({ ...draft, isJoint: checked })}>
          {TYPES_TEXT.joint}
        </Checkbox>
        <Button type="submit" size="sm">
          {TYPES_TEXT.addInvestorAccountType}
        </Button>
      </form>
    </Card>
  );
}

function QuestionTypes({ rows, commands }: { rows: QuestionType[] | null; commands: TrackedCommands }) {
  return (
    <Card title={TYPES_TEXT.questionTypes} testId="question-types">
      {rows === null || rows.length === 0 ? (
        <EmptyState text={TYPES_TEXT.none} />
      ) : (
        <Table
          head={
            <>
              <th>{TYPES_TEXT.name}</th>
              <th>{TYPES_TEXT.fieldType}</th>
              <th>{TYPES_TEXT.regex}</th>
              <th className="num">{TYPES_TEXT.uses}</th>
              <th>
                <span className={css({ srOnly: true })}>{TYPES_TEXT.delete}</span>
              </th>
            </>
          }
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td>{row.fieldType}</td>
              <td className={css({ fontFamily: "mono", fontSize: "xs", wordBreak: "break-all" })}>{row.regex ?? ""}</td>
              <Uses uses={row.uses} />
              <td className="num">
                <DeleteButton
                  uses={row.uses}
                  label={row.name}
                  onDelete={() =>
                    commands.send("deleteReferenceType", { input: { kind: "question_type", key: row.id } })
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

const SHARE_DOCUMENT_TYPES = [
  { value: "security", label: "security" },
  { value: "holding", label: "holding" },
];
const SHARE_ROLES = ["issuer", "broker", "investor", "agent", "ats", "admin"].map((value) => ({ value, label: value }));

interface ShareDraft {
  type: string;
  fromAccountType: string;
  toRole: string;
  name: string;
}

/** The fields of a sharing option (add, or edit of an unused one). */
function ShareForm({
  initial,
  submit,
  onSubmit,
  onCancel,
}: {
  initial: ShareDraft;
  submit: string;
  onSubmit: (draft: ShareDraft) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <form
      noValidate
      className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft.name.trim()) return setProblem(TYPES_TEXT.nameRequired);
        setProblem(undefined);
        onSubmit({ ...draft, name: draft.name.trim() });
      }}
    >
      <div className={css({ minW: "8rem" })}>
        <Select
          label={TYPES_TEXT.documentType}
          options={SHARE_DOCUMENT_TYPES}
          value={draft.type}
          onChange={(value) => setDraft({ ...draft, type: value ?? draft.type })}
        />
      </div>
      <div className={css({ minW: "8rem" })}>
        <Select
          label={TYPES_TEXT.from}
          options={SHARE_ROLES}
          value={draft.fromAccountType}
          onChange={(value) => setDraft({ ...draft, fromAccountType: value ?? draft.fromAccountType })}
        />
      </div>
      <div className={css({ minW: "8rem" })}>
        <Select
          label={TYPES_TEXT.to}
          options={SHARE_ROLES}
          value={draft.toRole}
          onChange={(value) => setDraft({ ...draft, toRole: value ?? draft.toRole })}
        />
      </div>
      <TextField
        label={TYPES_TEXT.name}
        value={draft.name}
        error={problem}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <Button type="submit" size="sm">
        {submit}
      </Button>
      {onCancel && (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {TYPES_TEXT.cancel}
        </Button>
      )}
    </form>
  );
}

function SharingShares({ rows, commands }: { rows: SharingShare[]; commands: TrackedCommands }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <Card title={TYPES_TEXT.sharing} testId="sharing-shares">
      <Table
        head={
          <>
            <th>{TYPES_TEXT.documentType}</th>
            <th>{TYPES_TEXT.from}</th>
            <th>{TYPES_TEXT.to}</th>
            <th>{TYPES_TEXT.name}</th>
            <th className="num">{TYPES_TEXT.uses}</th>
            <th>
              <span className={css({ srOnly: true })}>{TYPES_TEXT.delete}</span>
            </th>
          </>
        }
      >
        {rows.map((row) =>
          editing === row.id ? (
            <tr key={row.id} data-testid="sharing-share-row">
              <td colSpan={6}>
                <ShareForm
                  initial={row}
                  submit={TYPES_TEXT.save}
                  onCancel={() => setEditing(null)}
                  onSubmit={(draft) => {
                    setEditing(null);
                    void commands.send("editDocumentSharingOption", { input: { id: row.id, ...draft } });
                  }}
                />
              </td>
            </tr>
          ) : (
            <tr key={row.id} data-testid="sharing-share-row">
              <td>{row.type}</td>
              <td>{row.fromAccountType}</td>
              <td>{row.toRole}</td>
              <td>
                {row.uses === 0 ? (
                  <span className={css({ display: "inline-flex", gap: "2", alignItems: "center" })}>
                    {row.name}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${TYPES_TEXT.edit} ${row.name}`}
                      onClick={() => setEditing(row.id)}
                    >
                      {TYPES_TEXT.edit}
                    </Button>
                  </span>
                ) : (
                  <EditableName
                    name={row.name}
                    label={row.name}
                    onSave={(name) =>
                      commands.send("updateDocumentSharingAllowedShareById", { input: { id: row.id, patch: { name } } })
                    }
                  />
                )}
              </td>
              <Uses uses={row.uses} />
              <td className="num">
                <DeleteButton
                  uses={row.uses}
                  label={row.name}
                  onDelete={() =>
                    commands.send("deleteReferenceType", {
                      input: { kind: "document_sharing_allowed_share", key: row.id },
                    })
                  }
                />
              </td>
            </tr>
          ),
        )}
      </Table>
      <ShareForm
        key={formKey}
        initial={{ type: "security", fromAccountType: "issuer", toRole: "investor", name: "" }}
        submit={TYPES_TEXT.addSharingOption}
        onSubmit={(draft) => {
          setFormKey((n) => n + 1);
          void commands.send("makeDocumentSharingOption", { input: { id: crypto.randomUUID(), ...draft } });
        }}
      />
    </Card>
  );
}
