// /admin/types: the investor account types (add; delete while unused) and the question types (delete while unused).
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { textFields } from "../../app/use-form.ts";
import { Button, Card, Checkbox, EmptyState, TextField } from "../../ui/index.ts";
import type { TrackedCommands } from "./admin-data.ts";
import { TYPES_TEXT } from "./strings.ts";
import { AddForm, TypeTable, typeDeleter, UseCells } from "./TypeTable.tsx";

export interface InvestorAccountType {
  type: string;
  isIndividual: boolean;
  isJoint: boolean;
  uses: number;
}

export interface QuestionType {
  id: string;
  name: string;
  fieldType: string;
  regex: string | null;
  uses: number;
}

export function InvestorAccountTypes({ rows, commands }: { rows: InvestorAccountType[]; commands: TrackedCommands }) {
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
  const remove = typeDeleter(commands, "investor_account_type");
  const field = textFields<"type">(draft, { type: problem }, () => (type) => setDraft({ ...draft, type }));
  return (
    <Card title={TYPES_TEXT.investorAccountTypes} testId="investor-account-types">
      <TypeTable columns={[TYPES_TEXT.type, TYPES_TEXT.individual, TYPES_TEXT.joint]}>
        {rows.map((row) => (
          <tr key={row.type}>
            <td>{row.type}</td>
            <td>{yesNo(row.isIndividual)}</td>
            <td>{yesNo(row.isJoint)}</td>
            <UseCells uses={row.uses} label={row.type} onDelete={remove(row.type)} />
          </tr>
        ))}
      </TypeTable>
      <AddForm onSubmit={add}>
        <TextField label={TYPES_TEXT.type} {...field("type")} />
        <Checkbox checked={draft.isIndividual} onChange={(checked) => setDraft({ ...draft, isIndividual: checked })}>
          {TYPES_TEXT.individual}
        </Checkbox>
        <Checkbox checked={draft.isJoint} onChange={(checked) => setDraft({ ...draft, isJoint: checked })}>
          {TYPES_TEXT.joint}
        </Checkbox>
        <Button type="submit" size="sm">
          {TYPES_TEXT.addInvestorAccountType}
        </Button>
      </AddForm>
    </Card>
  );
}

export function QuestionTypes({ rows, commands }: { rows: QuestionType[] | null; commands: TrackedCommands }) {
  const remove = typeDeleter(commands, "question_type");
  return (
    <Card title={TYPES_TEXT.questionTypes} testId="question-types">
      {rows === null || rows.length === 0 ? (
        <EmptyState text={TYPES_TEXT.none} />
      ) : (
        <TypeTable columns={[TYPES_TEXT.name, TYPES_TEXT.fieldType, TYPES_TEXT.regex]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td>{row.fieldType}</td>
              <td data-identifier className={css({ fontFamily: "mono", fontSize: "xs", wordBreak: "break-all" })}>
                {row.regex ?? ""}
              </td>
              <UseCells uses={row.uses} label={row.name} onDelete={remove(row.id)} />
            </tr>
          ))}
        </TypeTable>
      )}
    </Card>
  );
}
