import { describe, expect, it } from "vitest";
import {
  currentStep,
  failureText,
  fieldError,
  formBlob,
  formErrors,
  isActionable,
  isSafari,
  notCurrentStepMessage,
  progressPosition,
  type StepDoc,
  stepStatusText,
  stepTitle,
} from "./onboarding.ts";

const step = (id: string, order: number, status: StepDoc["status"], parentId: string | null = null): StepDoc => ({
  id,
  processId: "p",
  parentId,
  order,
  status,
  type: "button",
  renderAttributes: { title: `Title ${id}` },
  schema: {},
  outputData: {},
  retryCount: 0,
  retryLimit: 3,
  completedOn: null,
});

describe("current step", () => {
  it("is the first top-level step not complete, and inside it the first nested step not complete", () => {
    const process = {
      steps: [
        step("c", 3, "not_started"),
        step("a", 1, "complete"),
        step("b", 2, "in_progress"),
        step("b2", 2, "not_started", "b"),
        step("b1", 1, "complete", "b"),
      ],
    };
    const { top, child } = currentStep(process);
    expect(top?.id).toBe("b");
    expect(child?.id).toBe("b2");
    expect(isActionable(process, step("b2", 2, "not_started", "b"))).toBe(true);
    expect(isActionable(process, step("b", 2, "in_progress"))).toBe(false);
    expect(isActionable(process, step("c", 3, "not_started"))).toBe(false);
    expect(progressPosition(process)).toEqual({ position: 2, total: 3 });
  });

  it("is none when every step is complete", () => {
    const process = { steps: [step("a", 1, "complete")] };
    expect(currentStep(process)).toEqual({ top: null, child: null });
    expect(progressPosition(process)).toEqual({ position: 1.5, total: 1 });
  });
});

describe("texts", () => {
  it("follow the spec", () => {
    expect(notCurrentStepMessage("Welcome")).toBe(
      'This is not the current active step, please select "Welcome" to continue the onboarding process',
    );
    expect(stepStatusText("processing")).toBe("Step is processing.");
    expect(stepStatusText("complete")).toBe("Step complete!");
    expect(stepStatusText("failed")).toBe("Failed!");
    expect(stepStatusText("retry_limit")).toBe("Retry limit reached.");
    expect(stepStatusText("in_progress")).toBeNull();
    expect(failureText({ status: "failed", outputData: { error: "Declined" } })).toBe("Declined");
    expect(failureText({ status: "restart", outputData: {} })).toBe(
      "Failed to complete step. Please contact your issuer for assistance.",
    );
    expect(failureText({ status: "retry_limit", outputData: {} })).toBe(
      "Retry limit reached. Please contact your issuer for assistance.",
    );
    expect(stepTitle({ renderAttributes: {}, schema: { title: "Schema" }, order: 2 })).toBe("Schema");
    expect(stepTitle({ renderAttributes: {}, schema: {}, order: 2 })).toBe("Step 2");
    // a signing step: not the mapped template's (internal) name
    expect(
      stepTitle({
        type: "signing",
        renderAttributes: { title: "NW SAFE v3", name: "NW SAFE v3" },
        schema: {},
        order: 4,
      }),
    ).toBe("Sign the subscription agreement");
  });
});

describe("dynamic form rules", () => {
  it("checks required, regex, integer (also from a numeric regex), Yes/No and options, with 'Invalid input' by default", () => {
    expect(fieldError({ key: "a" }, "")).toBe("Invalid input");
    expect(fieldError({ key: "a", optional: true }, " ")).toBeNull();
    expect(fieldError({ key: "a", regex: "^[0-9]+$" }, "12a")).toBe("Invalid input");
    expect(fieldError({ key: "a", type: "integer", error: "Whole dollars." }, "1.5")).toBe("Whole dollars.");
    expect(fieldError({ key: "a", type: "integer" }, "1,500")).toBe("Invalid input");
    expect(fieldError({ key: "a", regex: "^[0-9]{9}$", error: "Enter 9 digits." }, "12345")).toBe("Enter 9 digits.");
    expect(fieldError({ key: "a", regex: "^[0-9]{9}$" }, "123456789")).toBeNull();
    expect(fieldError({ key: "a", type: "boolean" }, "Maybe")).toBe("Invalid input");
    expect(fieldError({ key: "a", type: "boolean" }, "No")).toBeNull();
    expect(fieldError({ key: "a", options: ["Email", { value: "Phone" }] }, "Phone")).toBeNull();
    expect(fieldError({ key: "a", options: ["Email"] }, "Fax")).toBe("Invalid input");
    const schema = { fields: [{ key: "x" }, { key: "y", optional: true }] };
    expect(formErrors(schema, { x: "" })).toEqual({ x: "Invalid input" });
    expect(formErrors(schema, { x: "1" })).toEqual({});
    expect(formBlob(schema, { x: " 1 ", y: "", z: "ignored" })).toEqual({ x: "1" });
  });

  it("knows Safari from Chrome", () => {
    expect(
      isSafari("Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15"),
    ).toBe(true);
    expect(
      isSafari("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36"),
    ).toBe(false);
  });
});
