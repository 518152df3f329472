import { describe, expect, it } from "vitest";
import type { OutboxCommand } from "../../data/models/outbox.ts";
import { pendingEntries } from "../../data/pending-lists.ts";
import { setEntries as entriesOf } from "./set-entries.ts";

const question = (id: string, name: string) => ({ id, name, description: `${name}?`, errorMessage: "e", typeId: "t" });
const entry = (joinId: string, questionId: string, name: string, executeOrder: number) => ({
  joinId,
  questionId,
  name,
  executeOrder,
  description: `${name}?`,
  errorMessage: "e",
  typeId: "t",
});
let seq = 0;
const command = (
  id: string,
  mutation: string,
  input: unknown,
  status = "pending",
  errorMessage: string | null = null,
) =>
  ({
    id,
    seq: ++seq,
    mutation,
    variables: { input },
    status,
    errorCode: errorMessage ? "LL423" : null,
    errorMessage,
  }) as unknown as OutboxCommand;
/** The set's entries with the queued commands read as their declarations say (the pending list of a set's questions). */
const setEntries = (
  set: Parameters<typeof entriesOf>[0],
  questions: Parameters<typeof entriesOf>[1],
  outbox: OutboxCommand[],
) => entriesOf(set, questions, pendingEntries("questionSet.questions", outbox));

describe("a question set's entries with the outbox laid over them", () => {
  const set = { id: "s", questions: [entry("j2", "q2", "Net worth", 2), entry("j1", "q1", "Accredited", 1)] };
  const questions = [question("q1", "Accredited"), question("q2", "Net worth"), question("q3", "Source of funds")];

  it("keeps the set's order and adds a queued question, marked, after the others", () => {
    const join = { onboardingQuestionJoin: { id: "j3", questionSetId: "s", questionId: "q3", executeOrder: 3 } };
    const other = { onboardingQuestionJoin: { id: "j4", questionSetId: "other", questionId: "q3", executeOrder: 1 } };
    const rows = setEntries(set, questions, [
      command("c1", "createOnboardingQuestionJoin", join),
      command("c2", "createOnboardingQuestionJoin", other),
    ]);
    expect(rows.map((r) => [r.name, r.executeOrder, r.mark?.status ?? null])).toEqual([
      ["Accredited", 1, null],
      ["Net worth", 2, null],
      ["Source of funds", 3, "pending"],
    ]);
  });

  it("shows a join once the server's copy has it, without a mark", () => {
    const withJoin = { ...set, questions: [...set.questions, entry("j3", "q3", "Source of funds", 3)] };
    const join = { onboardingQuestionJoin: { id: "j3", questionSetId: "s", questionId: "q3", executeOrder: 3 } };
    const rows = setEntries(withJoin, questions, [command("c1", "createOnboardingQuestionJoin", join, "accepted")]);
    expect(rows.filter((r) => r.joinId === "j3").map((r) => r.mark)).toEqual([undefined]);
  });

  it("marks a queued removal, and keeps a refused one with its reason", () => {
    const removing = setEntries(set, questions, [command("c1", "deleteOnboardingQuestionJoinById", { id: "j1" })]);
    expect(removing.find((r) => r.joinId === "j1")).toMatchObject({ removing: true, mark: { status: "pending" } });
    const refused = setEntries(set, questions, [
      command("c1", "deleteOnboardingQuestionJoinById", { id: "j1" }, "rejected", "Locked"),
    ]);
    expect(refused.find((r) => r.joinId === "j1")).toMatchObject({
      removing: false,
      mark: { status: "rejected", errorMessage: "Locked" },
    });
  });

  it("has no entries without a set", () => {
    expect(setEntries(undefined, questions, [])).toEqual([]);
  });
});
