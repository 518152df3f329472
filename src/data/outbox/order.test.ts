// The order rule while commands are held for their files (order.ts): a later command that names a held command's
// record or file waits with it (and holds the commands that name its own records in turn); unrelated commands go.
import { describe, expect, it } from "vitest";
import { recordsOf, waitingCommands } from "./order.ts";

const command = (id: string, input: Record<string, unknown>) => ({ id, variables: { input } });

describe("the outbox's order rule", () => {
  const template = command("c-template", { id: "tpl-1", fileKey: "slot-1", name: "Subscription" });
  const mapped = command("c-mapped", { id: "map-1", templateId: "tpl-1", name: "Subscription A" });
  const mappedRole = command("c-role", { id: "role-1", patch: { mappedTemplateId: "map-1" } });
  const contact = command("c-contact", { id: "cust-1", email: "ann@x.test" });
  const step = command("c-step", { stepId: "step-1", blob: { documents: ["slot-2"] } });
  const held = new Map([
    ["c-template", ["slot-1"]],
    ["c-import", ["slot-2"]],
  ]);

  it("holds the held commands and the later ones naming their records or files, transitively", () => {
    const batch = [command("c-import", { fileName: "slot-2" }), template, contact, mapped, mappedRole, step];
    expect([...waitingCommands(batch, held)].sort()).toEqual(
      ["c-import", "c-mapped", "c-role", "c-step", "c-template"].sort(),
    );
  });

  it("lets unrelated commands go, and a command queued before the held one is never held by it", () => {
    expect([...waitingCommands([mapped, template, contact], held)]).toEqual(["c-template"]);
    expect(waitingCommands([contact, mapped], new Map())).toEqual(new Set());
  });

  it("once the file is uploaded nothing waits", () => {
    expect(waitingCommands([template, mapped, mappedRole], new Map([["c-import", ["slot-2"]]]))).toEqual(new Set());
  });

  it("takes a command's records from its input's id and the ids of the rows it carries", () => {
    expect(recordsOf(command("a", { id: "x" }))).toEqual(["x"]);
    expect(recordsOf({ id: "b", variables: { input: { customer: { id: "y", name: "Y" } } } })).toEqual(["y"]);
    expect(recordsOf({ id: "c", variables: null as unknown as Record<string, unknown> })).toEqual([]);
  });
});
