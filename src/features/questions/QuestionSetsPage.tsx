// /onboarding-questions (spec part 2 "Question set management"; breadcrumb Account Settings > Question Set
// Management): the account's question sets (create, rename, Active, Lock), the selected set's questions in execute
// order (add, remove while unlocked) and the account's questions (create, edit unless in a locked set). Read from the
// replicas; every change is a queued command, so it works offline and shows as pending until the server has it.
// Owners and admins edit; viewers read. The server holds every rule again (sync/database/questions/).
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCheckedField } from "../../app/use-checked-field.ts";
import { useViewer } from "../../app/viewer.ts";
import { useCommand } from "../../data/hooks.tsx";
import { setNameError } from "../../domain/questions.ts";
import { Card, LoadingIndicator, Page, PageTitle, StatusBadge, SyncMark } from "../../ui/index.ts";
import { QuestionsCard } from "./QuestionsCard.tsx";
import { SetNameForm } from "./SetNameForm.tsx";
import { SetPanel } from "./SetPanel.tsx";
import { QUESTIONS_TEXT as T } from "./strings.ts";
import { type SetRow, useQuestionSets } from "./use-question-sets.ts";

export function QuestionSetsPage() {
  const { canWrite } = useViewer();
  const data = useQuestionSets();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = data.sets.find((set) => set.id === selectedId) ?? data.sets[0];

  return (
    <Page>
      <PageTitle parents={[{ display: T.accountSettings, link: "/settings/account" }]} title={T.title} />
      {!canWrite && <p className={css({ fontSize: "sm", color: "fg.muted", mb: "4" })}>{T.readOnly}</p>}
      {data.loading ? (
        <LoadingIndicator />
      ) : (
        <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
          <div
            className={css({
              display: "grid",
              gap: "5",
              gridTemplateColumns: { base: "1fr", lg: "minmax(18rem, 2fr) minmax(0, 3fr)" },
              alignItems: "start",
            })}
          >
            <SetList sets={data.sets} selectedId={selected?.id} onSelect={setSelectedId} canWrite={canWrite} />
            <SetPanel
              set={selected}
              entries={data.entriesOf(selected, data.questions)}
              sets={data.sets}
              questions={data.questions}
              canWrite={canWrite}
            />
          </div>
          <QuestionsCard questions={data.questions} canWrite={canWrite} />
        </div>
      )}
    </Page>
  );
}

function setStatus(set: SetRow): { label: string; status: string } {
  if (!set.locked) return { label: T.draft, status: "drafted" };
  return set.active ? { label: T.active, status: "active" } : { label: T.inactive, status: "failed" };
}

function SetList({
  sets,
  selectedId,
  onSelect,
  canWrite,
}: {
  sets: SetRow[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  canWrite: boolean;
}) {
  const send = useCommand();
  const name = useCheckedField("");

  async function create(event: FormEvent) {
    event.preventDefault();
    const problem = setNameError(name.value, sets);
    name.setError(problem ?? undefined);
    if (problem) return;
    const id = crypto.randomUUID();
    await send("createOnboardingQuestionSet", { input: { onboardingQuestionSet: { id, name: name.value.trim() } } });
    name.setValue("");
    onSelect(id);
  }

  return (
    <Card title={T.sets} testId="question-sets">
      {canWrite && (
        <SetNameForm label={T.newSetName} formLabel={T.createSet} name={name} onSubmit={create} action={T.createSet} />
      )}
      {sets.length === 0 ? (
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.noSets}</p>
      ) : (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          {sets.map((set) => {
            const status = setStatus(set);
            const current = set.id === selectedId;
            return (
              <li key={set.id}>
                <button
                  type="button"
                  onClick={() => onSelect(set.id)}
                  aria-current={current ? "true" : undefined}
                  className={css({
                    w: "full",
                    display: "flex",
                    flexWrap: "wrap",
                    alignItems: "center",
                    justifyContent: "space-between",
                    gap: "2",
                    textAlign: "left",
                    px: "3",
                    py: "2.5",
                    borderRadius: "md",
                    borderWidth: "1px",
                    borderColor: current ? "brand" : "transparent",
                    bg: current ? "bg.subtle" : "transparent",
                    cursor: "pointer",
                    _hover: { bg: "bg.subtle" },
                  })}
                >
                  <span className={css({ fontWeight: "600", fontSize: "sm", minW: 0, overflowWrap: "anywhere" })}>
                    {set.name}
                    <SyncMark mark={set._pending} />
                  </span>
                  <span className={css({ display: "flex", gap: "2", alignItems: "center", fontSize: "xs" })}>
                    <span className={css({ color: "fg.muted" })}>{(set.questions ?? []).length}</span>
                    <StatusBadge label={status.label} status={status.status} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
