// /admin/forms: the onboarding step form definitions, read from the replica (offline too). The list shows each key's latest version; choosing one opens
// it in the editor, "New form" starts an empty one. Saving sends makeFormDefinition (a command: queued offline), which
// makes the next version; a step already given to an investor keeps its version (the server copies the schema into
// the step). Preview renders the draft with the onboarding step renderer itself (StepHeader and StepAction), in a
// preview context, above the editor: the form checks answers exactly as for an investor, and nothing is sent.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useModel } from "../../data/hooks.tsx";
import { Button, Card, EmptyState, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { useTrackedCommands } from "./admin-data.ts";
import { CommandNotes } from "./CommandNotes.tsx";
import { FormEditor } from "./FormEditor.tsx";
import { definitionOf, draftOf, emptyDraft, type FormDefinition, type FormDraft } from "./form-definitions.ts";
import { FORMS_TEXT } from "./strings.ts";

const ALL = { selector: {} };
const nothing = () => {};

export function FormsPage() {
  // the replica (platform admins): offline too; a saved version arrives with the next pull
  const online = useOnline();
  const { rows } = useModel("form_definitions", ALL);
  const commands = useTrackedCommands(nothing);
  const definitions = useMemo(
    () =>
      (rows as unknown as FormDefinition[])
        .slice()
        .sort((a, b) => (a.key === b.key ? b.version - a.version : a.key < b.key ? -1 : 1)),
    [rows],
  );
  const latest = useMemo(() => {
    const byKey = new Map<string, FormDefinition>();
    for (const definition of definitions) if (!byKey.has(definition.key)) byKey.set(definition.key, definition);
    return [...byKey.values()];
  }, [definitions]);
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<FormDraft | null>(null);
  const versions = definitions.filter((definition) => definition.key === selected);

  const open = (definition: FormDefinition) => {
    setSelected(definition.key);
    setDraft(draftOf(definition));
  };

  return (
    <Page>
      <PageHeader
        title={FORMS_TEXT.title}
        actions={
          <Button
            size="sm"
            onClick={() => {
              setSelected(null);
              setDraft(emptyDraft());
            }}
          >
            {FORMS_TEXT.newForm}
          </Button>
        }
      />
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <p className={mutedText}>{FORMS_TEXT.description}</p>
        <CommandNotes commands={commands} online={online} />
        <div
          className={css({
            display: "grid",
            gap: "5",
            gridTemplateColumns: { base: "1fr", lg: "18rem minmax(0, 1fr)" },
            alignItems: "start",
          })}
        >
          <Card title={FORMS_TEXT.list} testId="form-definitions">
            {latest.length === 0 ? (
              <EmptyState text={FORMS_TEXT.empty} />
            ) : (
              <ul className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
                {latest.map((definition) => (
                  <li key={definition.key}>
                    <button
                      type="button"
                      data-testid="form-definition"
                      aria-current={definition.key === selected ? "true" : undefined}
                      onClick={() => open(definition)}
                      className={css({
                        w: "full",
                        textAlign: "left",
                        p: "2.5",
                        borderRadius: "md",
                        cursor: "pointer",
                        _hover: { bg: "bg.subtle" },
                        "&[aria-current=true]": { bg: "bg.subtle", fontWeight: "600" },
                      })}
                    >
                      <span className={css({ display: "block" })}>{definition.name}</span>
                      <span className={css({ display: "block", fontSize: "xs", color: "fg.muted" })}>
                        {definition.key} · {FORMS_TEXT.latest(definition.version)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {draft && (
            <FormEditor
              key={`${selected ?? "new"}:${versions[0]?.version ?? 0}`}
              initial={draft}
              existing={selected !== null}
              versions={versions}
              onSave={async (saved) => {
                const { schema, renderAttributes } = definitionOf(saved);
                await commands.send("makeFormDefinition", {
                  input: {
                    key: saved.key.trim(),
                    name: saved.name.trim(),
                    stepType: saved.stepType,
                    renderAttributes,
                    schema,
                  },
                });
                setSelected(saved.key.trim());
                setDraft(saved);
              }}
            />
          )}
        </div>
      </div>
    </Page>
  );
}
