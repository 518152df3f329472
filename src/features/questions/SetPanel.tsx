// The selected question set: its name (editable while unlocked), Active (once locked), Lock, and its questions in
// execute order with Add and Remove while unlocked. Changes are queued commands.
import { type FormEvent, useEffect } from "react";
import { css } from "../../../styled-system/css";
import { useCheckedField } from "../../app/use-checked-field.ts";
import { useCommand } from "../../data/hooks.tsx";
import { nextExecuteOrder, QUESTION_TEXTS, questionType, setNameError } from "../../domain/questions.ts";
import { Button, Card, CardTable, Select, Switch, SyncMark } from "../../ui/index.ts";
import { SetNameForm } from "./SetNameForm.tsx";
import type { SetEntry } from "./set-entries.ts";
import { QUESTIONS_TEXT as T } from "./strings.ts";
import type { QuestionRow, SetRow } from "./use-question-sets.ts";

interface Props {
  set: SetRow | undefined;
  entries: SetEntry[];
  sets: SetRow[];
  questions: QuestionRow[];
  canWrite: boolean;
}

export function SetPanel({ set, entries, sets, questions, canWrite }: Props) {
  if (!set) {
    return (
      <Card title={T.setQuestions}>
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.pickSet}</p>
      </Card>
    );
  }
  const editable = canWrite && !set.locked;
  return (
    <Card title={set.name} testId="question-set">
      <SetSettings key={set.id} set={set} sets={sets} editable={editable} canWrite={canWrite} entries={entries} />
      <SetQuestions set={set} entries={entries} questions={questions} editable={editable} />
    </Card>
  );
}

function SetSettings({
  set,
  sets,
  editable,
  canWrite,
  entries,
}: {
  set: SetRow;
  sets: SetRow[];
  editable: boolean;
  canWrite: boolean;
  entries: SetEntry[];
}) {
  const send = useCommand();
  const name = useCheckedField(set.name);
  const { setValue: setName } = name;
  useEffect(() => setName(set.name), [set.name, setName]);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const problem = setNameError(name.value, sets, set.id);
    name.setError(problem ?? undefined);
    if (problem || name.value.trim() === set.name) return;
    await send("updateOnboardingQuestionSetById", { input: { id: set.id, patch: { name: name.value.trim() } } });
  }

  const live = entries.filter((entry) => !entry.removing);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      {editable && (
        <SetNameForm label={T.setName} formLabel={T.setName} name={name} onSubmit={rename} action={T.save} outline />
      )}
      {set._pending && (
        <div className={css({ alignSelf: "flex-start", ml: "-2" })}>
          <SyncMark mark={set._pending} />
        </div>
      )}
      {set.locked ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <Switch
            checked={Boolean(set.active)}
            disabled={!canWrite}
            onChange={(active) => send("updateOnboardingQuestionSetById", { input: { id: set.id, patch: { active } } })}
          >
            {T.active}
          </Switch>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.lockedHint}</p>
        </div>
      ) : (
        canWrite && (
          <div className={css({ display: "flex", flexDirection: "column", gap: "2", alignItems: "flex-start" })}>
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.lockHint}</p>
            <Button
              variant="outline"
              disabled={live.length === 0}
              onClick={() =>
                send("updateOnboardingQuestionSetById", { input: { id: set.id, patch: { locked: true } } })
              }
            >
              {T.lock}
            </Button>
            {live.length === 0 && <p className={css({ fontSize: "xs", color: "fg.muted" })}>{T.lockNeedsQuestions}</p>}
          </div>
        )
      )}
    </div>
  );
}

function SetQuestions({
  set,
  entries,
  questions,
  editable,
}: {
  set: SetRow;
  entries: SetEntry[];
  questions: QuestionRow[];
  editable: boolean;
}) {
  const send = useCommand();
  const choice = useCheckedField<string | null>(null);
  const inSet = new Set(entries.filter((e) => !e.removing).map((e) => e.questionId));
  const choices = questions.filter((q) => !inSet.has(q.id)).map((q) => ({ label: q.name, value: q.id }));

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!choice.value) {
      choice.setError(QUESTION_TEXTS.selectQuestion);
      return;
    }
    await send("createOnboardingQuestionJoin", {
      input: {
        onboardingQuestionJoin: {
          id: crypto.randomUUID(),
          questionSetId: set.id,
          questionId: choice.value,
          executeOrder: nextExecuteOrder(entries),
        },
      },
    });
    choice.setValue(null);
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <h3 className={css({ fontSize: "sm", fontWeight: "700" })}>{T.setQuestions}</h3>
      <CardTable
        rows={entries}
        empty={T.noSetQuestions}
        scrollClass={css({ overflowX: "auto" })}
        testId="set-questions"
        headers={[
          { title: T.order, num: true },
          T.name,
          { title: T.type, className: css({ display: { base: "none", sm: "table-cell" } }) },
          editable && { title: T.remove, hidden: true },
        ]}
      >
        {(entry) => (
          <tr key={entry.joinId} className={css({ opacity: entry.removing ? 0.5 : 1 })}>
            <td className="num">{entry.executeOrder}</td>
            <td>
              <div className={css({ fontWeight: "600" })}>
                {entry.name}
                <SyncMark mark={entry.mark} />
              </div>
              <div className={css({ fontSize: "xs", color: "fg.muted" })}>{entry.description}</div>
              <div className={css({ fontSize: "xs", color: "fg.muted", display: { base: "block", sm: "none" } })}>
                {T.type}: {questionType(entry.typeId)?.name ?? ""}
              </div>
            </td>
            <td className={css({ whiteSpace: "nowrap", display: { base: "none", sm: "table-cell" } })}>
              {questionType(entry.typeId)?.name ?? ""}
            </td>
            {editable && (
              <td className={css({ textAlign: "right" })}>
                {!entry.removing && !entry.mark && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => send("deleteOnboardingQuestionJoinById", { input: { id: entry.joinId } })}
                  >
                    {T.remove}
                  </Button>
                )}
              </td>
            )}
          </tr>
        )}
      </CardTable>
      {editable && (
        <form
          onSubmit={add}
          noValidate
          aria-label={T.add}
          className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}
        >
          <div className={css({ flex: "1", minW: "12rem", display: "flex", flexDirection: "column", gap: "1" })}>
            <Select
              label={T.addToSet}
              name="question"
              options={choices}
              value={choice.value}
              onChange={choice.onChange}
            />
            {choice.error && (
              <p role="alert" className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })}>
                {choice.error}
              </p>
            )}
          </div>
          <Button type="submit">{T.add}</Button>
        </form>
      )}
    </div>
  );
}
