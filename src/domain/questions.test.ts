import { describe, expect, it } from "vitest";
import { fieldError } from "./onboarding.ts";
import {
  answerCards,
  isQuestionSetStep,
  nextExecuteOrder,
  prefilledValues,
  QUESTION_TEXTS,
  QUESTION_TYPES,
  questionErrors,
  setNameError,
} from "./questions.ts";

const typeId = (name: string) => QUESTION_TYPES.find((t) => t.name === name)?.id ?? "";

describe("question set forms", () => {
  it("require a set name, unique per account whatever the letter case", () => {
    const sets = [{ id: "a", name: "Accredited investors" }];
    expect(setNameError("  ", sets)).toBe(QUESTION_TEXTS.setNameRequired);
    expect(setNameError("accredited INVESTORS", sets)).toBe("Question set names must be unique.");
    expect(setNameError("Accredited investors", sets, "a")).toBeNull();
    expect(setNameError("Source of funds", sets)).toBeNull();
  });

  it("check every question field with the spec's texts", () => {
    expect(questionErrors({ name: "", typeId: "", description: "", errorMessage: "", options: "" }, [])).toEqual({
      name: "Field name is required",
      typeId: "Field type is required",
      description: "Description is required",
      errorMessage: "error message is required",
    });
    const draft = { name: "Net worth", typeId: typeId("Choice"), description: "d", errorMessage: "e", options: " \n" };
    expect(questionErrors(draft, [{ id: "q", name: "NET WORTH" }])).toEqual({
      name: "Questions must have a unique name.",
      options: QUESTION_TEXTS.optionsRequired,
    });
    expect(questionErrors({ ...draft, options: "Under $1M\n$1M+" }, [{ id: "q", name: "Net worth" }], "q")).toEqual({});
  });

  it("append a question after the set's last one", () => {
    expect(nextExecuteOrder([])).toBe(1);
    expect(nextExecuteOrder([{ executeOrder: 3 }, { executeOrder: 1 }])).toBe(4);
  });

  it("each type's regex accepts its answers and refuses others (the step form checks answers with it)", () => {
    const field = (name: string) => {
      const type = QUESTION_TYPES.find((t) => t.name === name)!;
      return { key: "k", type: type.fieldType, regex: type.regex ?? undefined, error: "Bad" };
    };
    expect(fieldError(field("Email"), "ann@example.com")).toBeNull();
    expect(fieldError(field("Email"), "ann at example")).toBe("Bad");
    expect(fieldError(field("Date (MM/DD/YYYY)"), "02/29/2024")).toBeNull();
    expect(fieldError(field("Date (MM/DD/YYYY)"), "2024-02-29")).toBe("Bad");
    expect(fieldError(field("Amount (USD)"), "1500000.50")).toBeNull();
    expect(fieldError(field("Amount (USD)"), "1,500,000")).toBe("Bad");
    expect(fieldError(field("Whole number"), "12")).toBeNull();
    expect(fieldError(field("Whole number"), "1.5")).toBe("Bad");
    expect(fieldError(field("Yes / No"), "Yes")).toBeNull();
    expect(fieldError(field("Yes / No"), "maybe")).toBe("Bad");
  });
});

describe("the investor's answers", () => {
  const answers = [
    {
      id: "1",
      vendorId: "v2",
      vendorName: "Northwind",
      questionId: "q1",
      field: "Source of funds",
      value: "Salary",
      updatedOn: "2026-03-04T10:00:00Z",
    },
    {
      id: "2",
      vendorId: "v1",
      vendorName: "Cascade",
      questionId: "q2",
      field: "Accredited",
      value: "Yes",
      updatedOn: "2026-01-02T10:00:00Z",
    },
    {
      id: "3",
      vendorId: "v2",
      vendorName: "Northwind",
      questionId: "q3",
      field: "Accredited",
      value: "No",
      updatedOn: "2026-03-04T10:00:00Z",
    },
  ];

  it("prefill a question-set step's fields from the last answers to the same questions", () => {
    expect(prefilledValues([{ key: "q1" }, { key: "q3" }, { key: "q9" }], answers)).toEqual({ q1: "Salary", q3: "No" });
  });

  it("recognise a question-set step by its schema", () => {
    expect(isQuestionSetStep({ schema: { questionSetId: "s" } })).toBe(true);
    expect(isQuestionSetStep({ schema: { fields: [] } })).toBe(false);
    expect(isQuestionSetStep({ schema: null })).toBe(false);
  });

  it("group answers into one card per vendor, by name, questions by name", () => {
    const cards = answerCards(answers);
    expect(cards.map((c) => c.vendorName)).toEqual(["Cascade", "Northwind"]);
    expect(cards[1]?.rows.map((r) => [r.question, r.answer])).toEqual([
      ["Accredited", "No"],
      ["Source of funds", "Salary"],
    ]);
  });
});
