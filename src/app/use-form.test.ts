import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { validate } from "../domain/assets.ts";
import { MESSAGES } from "../domain/messages.ts";
import { choiceFields, dateFields, runForm, textFields } from "./use-form.ts";

const Schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty("Name is required.")),
  total: v.pipe(v.string(), v.nonEmpty("Total is required.")),
});
const check = (values: { name: string; total: string }) => validate(Schema, values);

describe("runForm (the dialogs' form helper)", () => {
  it("shows one message per invalid field and neither saves nor submits", async () => {
    const submit = vi.fn(async () => {});
    const saving = vi.fn();
    const outcome = await runForm({ name: " ", total: "" }, check, submit, saving);
    expect(outcome).toEqual({
      status: "invalid",
      errors: { name: "Name is required.", total: "Total is required." },
    });
    expect(submit).not.toHaveBeenCalled();
    expect(saving).not.toHaveBeenCalled();
  });

  it("marks the form saving, then submits the parsed value", async () => {
    const order: string[] = [];
    const submit = vi.fn(async (value: { name: string; total: string }) => {
      order.push(`submit ${value.name}`);
    });
    const outcome = await runForm({ name: " Notes ", total: "5" }, check, submit, () => order.push("saving"));
    expect(outcome).toEqual({ status: "done" });
    expect(order).toEqual(["saving", "submit Notes"]);
  });

  it("a submit that throws gives the generic form error", async () => {
    const outcome = await runForm(
      { name: "Notes", total: "5" },
      check,
      async () => {
        throw new Error("outbox full");
      },
      () => {},
    );
    expect(outcome).toEqual({ status: "failed", errors: { form: MESSAGES.defaultError } });
  });
});

describe("textFields, dateFields and choiceFields (a field bound to a form's value)", () => {
  it("gives a text field its name, value, setter and message", () => {
    const set = vi.fn((key: "name" | "total") => (value: string) => `${key}=${value}`);
    const field = textFields({ name: "Notes", total: null }, { total: "Total is required." }, set);
    const name = field("name");
    expect(name).toMatchObject({ name: "name", value: "Notes", error: undefined });
    const total = field("total");
    expect(total).toMatchObject({ name: "total", value: "", error: "Total is required." });
    expect(total.onValueChange("5")).toBe("total=5");
  });

  it("gives a date input null for no day and its setter", () => {
    const changed: (string | null)[] = [];
    const field = dateFields({ opensOn: null, closesOn: "2026-01-31" }, {}, () => (value) => changed.push(value));
    expect(field("opensOn")).toMatchObject({ name: "opensOn", value: null });
    const closes = field("closesOn");
    expect(closes.value).toBe("2026-01-31");
    closes.onChange(null);
    expect(changed).toEqual([null]);
  });

  it("gives a select null for nothing chosen, its setter and message", () => {
    const set = vi.fn((key: "status" | "type") => (value: string | null) => `${key}=${value}`);
    const field = choiceFields({ status: "", type: "equity" }, { status: "Status is required." }, set);
    const status = field("status");
    expect(status).toMatchObject({ name: "status", value: null, error: "Status is required." });
    expect(field("type")).toMatchObject({ name: "type", value: "equity", error: undefined });
    expect(status.onChange(null)).toBe("status=null");
  });
});
